// Helpers for the tests only (not exported from index.ts). Item lists here are typed in by hand from the
// APA PID-5 Adult scoring key (Krueger et al. 2013) as given in data/pid5-scoring.NOTES.md §3-§5, so that the
// tests check the data file instead of repeating it.

import { createDemoResponses } from '../src/demo-responses';

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
// al. 2019, Table 5 note + item 38, see validity-scales.ts).
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

// The short form (PID-5-SF): each facet's 4 items in full-form numbers, typed in from the Maples et al. (2015)
// Appendix key as recorded in data/pid5-forms.NOTES.md (checked there against jmgirard/hitop and the jzpsych
// platform). The short form numbers its items in full-form order (notes §2), so an item's short-form number is its
// rank among these 100 full items.
export const SF_FACET_FULL_ITEMS = {
  Anh: [23, 26, 124, 157],
  Anx: [79, 109, 130, 174],
  Att: [74, 173, 191, 211],
  Cal: [19, 153, 166, 183],
  Dec: [53, 134, 206, 218],
  Dep: [81, 151, 163, 169],
  Dis: [118, 132, 144, 199],
  Ecc: [25, 70, 152, 205],
  Emo: [122, 138, 165, 181],
  Gra: [40, 114, 187, 197],
  Hos: [38, 92, 158, 170],
  Imp: [4, 16, 17, 22],
  Int: [89, 120, 145, 203],
  Irr: [129, 156, 160, 171],
  Man: [107, 125, 162, 219],
  Prc: [44, 154, 192, 217],
  Per: [60, 80, 100, 128],
  Res: [84, 91, 167, 184],
  Rig: [105, 123, 176, 196],
  Ris: [39, 48, 67, 159],
  Sep: [50, 127, 149, 175],
  Sub: [9, 15, 63, 202],
  Sus: [2, 117, 133, 190],
  Unu: [106, 139, 150, 209],
  Wit: [82, 136, 146, 186],
} as const;

/** The 100 short-form items in full-form numbers, in short-form order. */
export const SF_FULL_ITEMS: readonly number[] = Object.values(SF_FACET_FULL_ITEMS)
  .flat()
  .sort((a, b) => a - b);

/** The short-form number of a full item of the short form. */
export function sfItemOf(fullItem: number): number {
  const index = SF_FULL_ITEMS.indexOf(fullItem);
  if (index < 0) {
    throw new Error(`full item ${fullItem} is not in the short form`);
  }
  return index + 1;
}

/** INC-S: 10 pairs in full-form numbers (Lowmaster et al. 2020, Correction 2021 Table 1; notes §8). */
export const INCS_FULL_PAIRS = [
  [79, 174],
  [138, 181],
  [80, 128],
  [105, 123],
  [50, 127],
  [74, 173],
  [191, 211],
  [153, 166],
  [89, 145],
  [132, 144],
] as const;

/** The three primary facets of each domain (APA Domain Table), used by the full and the short form. */
export const DOMAIN_FACETS = {
  NegAf: ['Emo', 'Anx', 'Sep'],
  Detac: ['Wit', 'Anh', 'Int'],
  Antag: ['Man', 'Dec', 'Gra'],
  Disin: ['Irr', 'Imp', 'Dis'],
  Psych: ['Unu', 'Ecc', 'Prc'],
} as const;

// The brief form (PID-5-BF): the 5 items of each domain in brief-form numbers, from the APA PID-5-BF Personality
// Trait Domain Scoring table as recorded in data/pid5-forms.NOTES.md §2. No item is reverse-keyed.
export const BF_DOMAIN_ITEMS = {
  NegAf: [8, 9, 10, 11, 15],
  Detac: [4, 13, 14, 16, 18],
  Antag: [17, 19, 20, 22, 25],
  Disin: [1, 2, 3, 5, 6],
  Psych: [7, 12, 21, 23, 24],
} as const;

/** A response string of `length` characters filled with `fill`, with the given positions set. */
export function makeFormResponses(
  length: number,
  answers: Readonly<Record<number, string | number>> = {},
  fill = '0',
): string {
  const chars = Array.from({ length }, () => fill);
  for (const [item, value] of Object.entries(answers)) {
    chars[Number(item) - 1] = String(value);
  }
  return chars.join('');
}

/** A small seeded generator (mulberry32), so a "random" protocol is the same in every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniformly random answers 0-3 of the given length (careless answering). */
export function randomResponses(length: number, seed: number): string {
  const next = seededRandom(seed);
  return Array.from({ length }, () => String(Math.floor(next() * 4))).join('');
}

/** A plausible full-form protocol (the sample report's generator: src/demo-responses.ts), for another seed. */
export function genuineLikeResponses(seed = 20260115): string {
  return createDemoResponses({ seed });
}

/** The answers of a full-form protocol to the items a shorter form shares with it, in that form's numbering. */
export function toFormResponses(full: string, fullItems: readonly number[]): string {
  return fullItems.map((item) => full[item - 1]).join('');
}

/**
 * The protocol with every statement outside INC's pairs, ORS, PRD and SD-TD answered 0-2 at random (seeded): its
 * validity scales unchanged, but no longer one answer nearly throughout (which the response-pattern screen flags).
 */
export function variedOutsideValidityScales(responses: string, seed = 7): string {
  const next = seededRandom(seed);
  const inScales = new Set<number>([...INC_PAIRS.flat(), ...ORS_ITEMS, ...PRD_ITEMS, ...SDTD_ITEMS]);
  return [...responses].map((c, i) => (inScales.has(i + 1) ? c : String(Math.floor(next() * 3)))).join('');
}
