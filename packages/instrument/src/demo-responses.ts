import { FACETS } from './definition';
import type { FacetKey } from './keys';
import { RESPONSES_LENGTH } from './responses';

// A plausible, made-up full-form response string for the sample report, the demo data and tests (no real person's
// answers): each facet
// gets a target mean on the 0-3 scale, each item an answer near it from a seeded generator, reverse-keyed items
// answered the other way round, so the profile comes out as intended after keying.

/** A profile with raised negative affect and detachment and low antagonism: a typical outpatient picture. */
export const DEMO_FACET_TARGETS: Readonly<Partial<Record<FacetKey, number>>> = {
  Anx: 2.4,
  Emo: 2.1,
  Sep: 1.9,
  Dep: 1.7,
  Wit: 1.6,
  Anh: 1.5,
  Int: 1.1,
  Sus: 1.3,
  Hos: 1.2,
  Dis: 1.6,
  Per: 1.4,
  Sub: 1.7,
  Rig: 1.5,
  Prc: 0.7,
  Imp: 0.9,
};

/** A tiny seeded PRNG (mulberry32): the same seed always gives the same answers. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createDemoResponses(
  options: { seed?: number; targets?: Readonly<Partial<Record<FacetKey, number>>>; baseline?: number } = {},
): string {
  const next = random(options.seed ?? 20260115);
  const targets = options.targets ?? DEMO_FACET_TARGETS;
  const answers: string[] = Array.from({ length: RESPONSES_LENGTH }, () => '0');
  for (const facet of FACETS) {
    const target = targets[facet.key] ?? options.baseline ?? 0.6;
    for (const item of facet.items) {
      const keyed = Math.min(3, Math.max(0, Math.round(target + (next() - 0.5) * 1.6)));
      const answer = facet.reverseKeyedItems.includes(item) ? 3 - keyed : keyed;
      answers[item - 1] = String(answer);
    }
  }
  return answers.join('');
}
