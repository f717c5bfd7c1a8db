import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ampdJson from './data/ampd-trait-profiles.json' with { type: 'json' };
import {
  AMPD_DISORDERS,
  AmpdDefinitionError,
  ampdThreshold,
  DEFAULT_AMPD_THRESHOLD,
  parseAmpdDefinition,
  scoreAmpdProfiles,
  validateAmpdDefinition,
} from './ampd-profiles';
import { createDemoResponses } from './demo-responses';
import { FACET_KEYS } from './keys';
import { scoreResponses } from './score-responses';
import {
  makeFormResponses,
  makeKeyedResponses,
  randomResponses,
  SF_FACET_FULL_ITEMS,
  toFormResponses,
} from '../test/test-helpers';

// DSM-5 Section III Criterion B of the six disorders (docs/decisions/0075-ampd-trait-profiles.md), typed in from the
// manual's criteria as data/ampd-trait-profiles.NOTES.md records them, not from the data file.
const MANUAL = {
  ASPD: { facets: ['Man', 'Cal', 'Dec', 'Hos', 'Ris', 'Imp', 'Irr'], minimum: 6, required: [] },
  AvPD: { facets: ['Anx', 'Wit', 'Anh', 'Int'], minimum: 3, required: [['Anx']] },
  BPD: { facets: ['Emo', 'Anx', 'Sep', 'Dep', 'Imp', 'Ris', 'Hos'], minimum: 4, required: [['Imp', 'Ris', 'Hos']] },
  NPD: { facets: ['Gra', 'Att'], minimum: 2, required: [] },
  OCPD: { facets: ['Rig', 'Per', 'Int', 'Res'], minimum: 3, required: [['Rig']] },
  STPD: { facets: ['Prc', 'Unu', 'Ecc', 'Res', 'Wit', 'Sus'], minimum: 4, required: [] },
} as const;

const copy = () =>
  structuredClone(ampdJson) as unknown as {
    disorders: { key: string; facets: string[]; minimumCount: number; requiredAnyOf: string[][] }[];
  };

describe('the six disorders’ Criterion B as data', () => {
  it('assigns the manual’s facets, minimum and required facets to each disorder', () => {
    expect(
      Object.fromEntries(
        AMPD_DISORDERS.map((d) => [d.key, { facets: d.facets, minimum: d.minimumCount, required: d.requiredAnyOf }]),
      ),
    ).toEqual(MANUAL);
    for (const disorder of AMPD_DISORDERS) {
      expect(disorder.evidence.facets.length, disorder.key).toBeGreaterThan(0);
      expect(disorder.evidence.rule.length, disorder.key).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown or repeated facet, an unreachable minimum and a required facet not assigned, listing each', () => {
    const file = copy();
    const [aspd, avpd, bpd] = file.disorders;
    if (aspd === undefined || avpd === undefined || bpd === undefined) {
      throw new Error('fixture');
    }
    aspd.facets.push('Psy');
    avpd.facets.push('Anx');
    bpd.minimumCount = 8;
    bpd.requiredAnyOf = [['Sus']];
    const result = validateAmpdDefinition(file);
    expect(result.ok ? [] : result.problems).toEqual([
      expect.stringMatching(/^ASPD: Psy is not a PID-5 facet/),
      'AvPD: a facet is listed twice',
      'BPD: minimum 8 must be 1-7 (its facets)',
      'BPD: required facets Sus must be some of its assigned facets',
    ]);
    expect(() => parseAmpdDefinition(file)).toThrow(AmpdDefinitionError);
  });
});

describe('scoreAmpdProfiles', () => {
  it('gives each disorder the mean US T of its facets and the count at or above Moderate (US percentile ≥ 0.93)', () => {
    const result = scoreResponses(createDemoResponses());
    const profiles = scoreAmpdProfiles(result);
    expect(profiles.threshold).toEqual({ norms: 'US', percentileAtLeast: 0.93, level: 'Moderate' });
    for (const disorder of AMPD_DISORDERS) {
      const profile = profiles.profiles[disorder.key];
      const ts = disorder.facets.map((key) => result.facets[key].us?.t ?? Number.NaN);
      expect(profile.meanUsT).toBeCloseTo(ts.reduce((a, b) => a + b, 0) / ts.length, 10);
      const counted = disorder.facets.filter((key) => (result.facets[key].us?.percentile ?? 0) >= 0.93);
      expect(profile.countAtOrAbove, disorder.key).toBe(counted.length);
      expect(profile.facets.filter((f) => f.atOrAboveThreshold).map((f) => f.key)).toEqual(counted);
      expect(profile.meanDeT).toBeNull();
    }
  });

  it('marks the required facets and does not reach borderline’s rule without Impulsivity, Risk taking or Hostility', () => {
    const fourNegative = scoreResponses(makeKeyedResponses({ Emo: 3, Anx: 3, Sep: 3, Dep: 3 }));
    const bpd = scoreAmpdProfiles(fourNegative).profiles.BPD;
    expect(bpd.countAtOrAbove).toBe(4);
    expect(bpd.required).toEqual([{ anyOf: ['Imp', 'Ris', 'Hos'], met: false, metBy: [] }]);
    expect(bpd.facets.filter((f) => f.isRequired).map((f) => f.key)).toEqual(['Imp', 'Ris', 'Hos']);
    expect(bpd.traitRule).toBe('not-reached');
    const withHostility = scoreAmpdProfiles(scoreResponses(makeKeyedResponses({ Emo: 3, Anx: 3, Sep: 3, Hos: 3 })));
    expect(withHostility.profiles.BPD).toMatchObject({ countAtOrAbove: 4, traitRule: 'reached' });
    expect(withHostility.profiles.BPD.required[0]).toMatchObject({ met: true, metBy: ['Hos'] });
  });

  it('cannot decide while an unscored facet could change the answer, and has no mean then', () => {
    // Impulsivity's 6 items unanswered: Emo, Anx, Sep and Dep high reach 4, but the required group is open.
    const responses = makeKeyedResponses({ Emo: 3, Anx: 3, Sep: 3, Dep: 3 }).split('');
    for (const item of [4, 16, 17, 22, 58, 204]) {
      responses[item - 1] = '9';
    }
    const bpd = scoreAmpdProfiles(scoreResponses(responses.join(''))).profiles.BPD;
    expect(bpd).toMatchObject({ unscoredFacets: ['Imp'], meanUsT: null, traitRule: 'undetermined' });
    expect(bpd.required[0]).toMatchObject({ met: null });
    // Narcissistic: both facets are needed, so one low and scored settles it whatever else is missing.
    const npd = scoreAmpdProfiles(scoreResponses(responses.join(''))).profiles.NPD;
    expect(npd.traitRule).toBe('not-reached');
  });

  it('takes an institute’s own threshold: a level, a US percentile, or the German percentile', () => {
    const result = scoreResponses(createDemoResponses());
    const mild = scoreAmpdProfiles(result, { threshold: ampdThreshold({ level: 'Mild' }) });
    const high = scoreAmpdProfiles(result, { threshold: ampdThreshold({ level: 'High' }) });
    for (const key of ['AvPD', 'BPD'] as const) {
      expect(mild.profiles[key].countAtOrAbove).toBeGreaterThanOrEqual(
        scoreAmpdProfiles(result).profiles[key].countAtOrAbove,
      );
      expect(high.profiles[key].countAtOrAbove).toBeLessThanOrEqual(
        scoreAmpdProfiles(result).profiles[key].countAtOrAbove,
      );
    }
    expect(ampdThreshold({ percentileAtLeast: 0.9 })).toEqual({ norms: 'US', percentileAtLeast: 0.9, level: null });
    expect(() => ampdThreshold({ percentileAtLeast: 1 })).toThrow(RangeError);
    const german = scoreAmpdProfiles(result, {
      threshold: ampdThreshold({ level: 'Moderate', norms: 'DE' }),
      reference: { gender: 'female', age: 40 },
    });
    expect(german.germanGroup?.cell).toEqual({ gender: 'f', ageGroup: '[35,50)' });
    for (const facet of german.profiles.BPD.facets) {
      expect(facet.atOrAboveThreshold).toBe((facet.de?.percentile ?? 0) >= 0.93);
    }
    const deTs = german.profiles.BPD.facets.map((f) => f.de?.t ?? Number.NaN);
    expect(german.profiles.BPD.meanDeT).toBeCloseTo(deTs.reduce((a, b) => a + b, 0) / deTs.length, 10);
    expect(() => scoreAmpdProfiles(result, { threshold: ampdThreshold({ level: 'Moderate', norms: 'DE' }) })).toThrow(
      /German threshold needs the patient/,
    );
  });

  it('reads the short form’s own tables, and refuses the brief form', () => {
    const full = createDemoResponses();
    const sf = scoreResponses(
      toFormResponses(
        full,
        Object.values(SF_FACET_FULL_ITEMS)
          .flat()
          .sort((a, b) => a - b),
      ),
      {
        form: 'SF',
      },
    );
    const profiles = scoreAmpdProfiles(sf, { reference: { gender: 'male', age: 30 } });
    expect(profiles.form).toBe('SF');
    expect(profiles.profiles.NPD.facets[0]?.de?.table).toMatchObject({ form: 'SF', key: 'Gra', file: 'sf' });
    const brief = scoreResponses(makeFormResponses(25), { form: 'BF' });
    expect(() => scoreAmpdProfiles(brief as never)).toThrow(/full or short form, not form BF/);
  });

  it('says a mean is a lower bound when a facet lies above its US table', () => {
    // Perceptual Dysregulation at 3.00 lies above its full-form table (top raw 2.49): T "≥ 100".
    const result = scoreResponses(makeKeyedResponses({ Prc: 3 }));
    expect(result.facets.Prc.us?.capped).toBe('above');
    expect(scoreAmpdProfiles(result).profiles.STPD.meanUsTIsLowerBound).toBe(true);
    expect(scoreAmpdProfiles(result).profiles.BPD.meanUsTIsLowerBound).toBe(false);
  });

  it('reaches a rule exactly when the count reaches the minimum with every required group met (any protocol)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('Mild', 'Moderate', 'High'),
        (seed, level) => {
          const result = scoreResponses(randomResponses(220, seed));
          const profiles = scoreAmpdProfiles(result, { threshold: ampdThreshold({ level }) });
          for (const disorder of AMPD_DISORDERS) {
            const counted = disorder.facets.filter(
              (key) => (result.facets[key].us?.percentile ?? 0) >= ampdThreshold({ level }).percentileAtLeast,
            );
            const reached =
              counted.length >= disorder.minimumCount &&
              disorder.requiredAnyOf.every((group) => group.some((key) => counted.includes(key)));
            expect(profiles.profiles[disorder.key].traitRule).toBe(reached ? 'reached' : 'not-reached');
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(DEFAULT_AMPD_THRESHOLD.level).toBe('Moderate');
    expect(FACET_KEYS).toHaveLength(25);
  });
});
