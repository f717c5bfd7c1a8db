// Helpers for the tests only (not exported from index.ts). Item lists here are typed in by hand from the
// APA PID-5 Adult scoring key (Krueger et al. 2013) as given in data/pid5-scoring.NOTES.md §3-§5, so that the
// tests check the data file instead of repeating it.

export const REVERSE_KEYED = [7, 30, 35, 58, 87, 90, 96, 97, 98, 131, 142, 155, 164, 177, 210, 215] as const;

export const FACET_ITEMS = {
  Anh: [1, 23, 26, 30, 124, 155, 157, 189],
  Anx: [79, 93, 95, 96, 109, 110, 130, 141, 174],
  Att: [14, 43, 74, 111, 113, 173, 191, 211],
  Cal: [11, 13, 19, 54, 72, 73, 90, 153, 166, 183, 198, 200, 207, 208],
  Dec: [41, 53, 56, 76, 126, 134, 142, 206, 214, 218],
  Dep: [27, 61, 66, 81, 86, 104, 119, 148, 151, 163, 168, 169, 178, 212],
  Dis: [6, 29, 47, 68, 88, 118, 132, 144, 199],
  Ecc: [5, 21, 24, 25, 33, 52, 55, 70, 71, 152, 172, 185, 205],
  Emo: [18, 62, 102, 122, 138, 165, 181],
  Gra: [40, 65, 114, 179, 187, 197],
  Hos: [28, 32, 38, 85, 92, 116, 158, 170, 188, 216],
  Imp: [4, 16, 17, 22, 58, 204],
  Int: [89, 97, 108, 120, 145, 203],
  Irr: [31, 129, 156, 160, 171, 201, 210],
  Man: [107, 125, 162, 180, 219],
  Prc: [36, 37, 42, 44, 59, 77, 83, 154, 192, 193, 213, 217],
  Per: [46, 51, 60, 78, 80, 100, 121, 128, 137],
  Res: [8, 45, 84, 91, 101, 167, 184],
  Rig: [34, 49, 105, 115, 123, 135, 140, 176, 196, 220],
  Ris: [3, 7, 35, 39, 48, 67, 69, 87, 98, 112, 159, 164, 195, 215],
  Sep: [12, 50, 57, 64, 127, 149, 175],
  Sub: [9, 15, 63, 202],
  Sus: [2, 103, 117, 131, 133, 177, 190],
  Unu: [94, 99, 106, 139, 143, 150, 194, 209],
  Wit: [10, 20, 75, 82, 136, 146, 147, 161, 182, 186],
} as const;

export type TestFacetKey = keyof typeof FACET_ITEMS;

// Validity scales, typed in from data/pid5-scoring.NOTES.md §8: INC pairs (Keeley et al. 2016, Table 1), ORS
// items (Sellbom et al. 2018, Table 2), PRD items (Williams et al. 2019, Table 4 note), SD-TD items (Williams et
// al. 2019, Table 5 note + item 38, see score-validity.ts).
export const INC_PAIRS = [
  [79, 174],
  [109, 110],
  [148, 169],
  [102, 122],
  [138, 181],
  [38, 92],
  [80, 128],
  [105, 123],
  [50, 127],
  [74, 173],
  [191, 211],
  [153, 166],
  [125, 180],
  [89, 145],
  [132, 144],
  [21, 55],
  [24, 25],
  [52, 152],
  [70, 71],
  [172, 185],
] as const;
export const ORS_ITEMS = [2, 8, 39, 40, 44, 150, 166, 170, 171, 178] as const;
export const PRD_ITEMS = [
  2, 11, 36, 38, 42, 47, 96, 98, 106, 119, 122, 136, 148, 154, 162, 163, 168, 169, 183, 192, 198, 199,
];
export const SDTD_ITEMS = [2, 4, 18, 23, 30, 38, 50, 52, 57, 66, 68, 80, 82, 88, 93, 193, 209];

/** A response string filled with `fill`, with the given items (1-based) set to the given characters. */
export function makeResponses(answers: Readonly<Record<number, string | number>> = {}, fill = '0'): string {
  const chars = Array.from({ length: 220 }, () => fill);
  for (const [item, value] of Object.entries(answers)) {
    chars[Number(item) - 1] = String(value);
  }
  return chars.join('');
}

export function isReverseKeyed(item: number): boolean {
  return (REVERSE_KEYED as readonly number[]).includes(item);
}

/** Raw answer that gives keyed score `keyed` for this item. */
export function rawFor(item: number, keyed: number): number {
  return isReverseKeyed(item) ? 3 - keyed : keyed;
}

/**
 * A response string in which every item of the listed facets has keyed score `keyed[facet]` and every other
 * item has keyed score `rest` (0 by default).
 */
export function makeKeyedResponses(keyed: Partial<Record<TestFacetKey, number>>, rest = 0): string {
  const answers: Record<number, number> = {};
  for (const [facet, items] of Object.entries(FACET_ITEMS) as [TestFacetKey, readonly number[]][]) {
    const value = keyed[facet] ?? rest;
    for (const item of items) {
      answers[item] = rawFor(item, value);
    }
  }
  return makeResponses(answers);
}
