import type {
  Gender,
  TAmpdResult,
  TAssessmentResults,
  TBfmResult,
  TGermanNormGroup,
  TGermanNormReading,
} from '@pid5/contract';
import {
  BFM_DOMAIN_KEYS,
  BFM_FACET_KEYS,
  BFM_FORM,
  DE_NORM_TABLES,
  DEFAULT_AMPD_THRESHOLD,
  bfmCoverage,
  describeGermanNormTables,
  isAmpdForm,
  readGermanNorms,
  scoreAmpdProfiles,
  scoreBfmFromFullForm,
  type AmpdInput,
  type AnyScoreResult,
  type BfmScoreResult,
  type FacetKey,
  type GermanNormReading,
  type GermanReferenceGroup,
  type NormReference,
} from '@pid5/instrument';

// The German norms as published, the ICD-11 trait domains (PID5BF+M) and the AMPD trait profiles, added to a
// result of the results API (docs/decisions/0073-german-norms-as-published.md, 0074, 0075). They are read at presentation from the scores the
// result already holds (frozen or fresh), the test's answers and the patient's gender and age as recorded with the
// test, so a result frozen before these views existed shows them too, and every view (page, reports, comparison)
// reads the same numbers from this one shape.

/** The reference the German tables need, from the test's recorded gender and age. */
export function normReferenceOf(test: { readonly gender: string; readonly age: number | null }): NormReference {
  const genders: Readonly<Record<Gender, NormReference['gender']>> = {
    Female: 'female',
    Male: 'male',
    Diverse: 'diverse',
    Unspecified: 'unspecified',
  };
  return { gender: genders[test.gender as Gender] ?? null, age: test.age };
}

/** One decimal, as the tables publish T. */
const oneDecimal = (value: number) => value.toFixed(1);

export function presentGermanReading(reading: GermanNormReading): TGermanNormReading {
  return {
    t: reading.t,
    tLow: reading.tLow,
    tHigh: reading.tHigh,
    percentile: reading.percentile,
    extrapolated: reading.extrapolated,
    tText: oneDecimal(reading.t),
    intervalText: `${oneDecimal(reading.tLow)}\u2013${oneDecimal(reading.tHigh)}`,
    percentileText: oneDecimal(reading.percentile * 100),
    row: { file: reading.table.file, line: reading.row.line, raw: reading.row.raw },
  };
}

export function presentGermanGroup(group: GermanReferenceGroup): TGermanNormGroup {
  return { gender: group.cell.gender, ageGroup: group.cell.ageGroup, fallbacks: [...group.fallbacks] };
}

const scoresByKey = (scales: readonly { key: string; score: number | null }[]) =>
  Object.fromEntries(scales.map((scale) => [scale.key, { score: scale.score }]));

/** The German T of every scale of a full-, short- or brief-form result, for the patient's group. */
function withGermanNorms(results: TAssessmentResults, reference: NormReference): TAssessmentResults {
  if (results.form === 'BFM') {
    // A PID5BF+M test's German T are its `bfm` readings (presentBfm).
    return results;
  }
  const norms =
    results.form === 'BF'
      ? readGermanNorms(
          { form: 'BF', domains: scoresByKey(results.domains), total: { score: results.total?.score ?? null } },
          reference,
        )
      : readGermanNorms(
          { form: results.form, facets: scoresByKey(results.facets), domains: scoresByKey(results.domains) },
          reference,
        );
  const deOf = (key: string) => {
    const reading = norms.scales[key];
    return reading ? presentGermanReading(reading) : null;
  };
  return {
    ...results,
    facets: results.facets.map((facet) => ({ ...facet, de: deOf(facet.key) })),
    domains: results.domains.map((domain) => ({ ...domain, de: deOf(domain.key) })),
    total: results.total ? { ...results.total, de: deOf('Total') } : null,
    germanNorms: presentGermanNorms(norms.group),
  };
}

/** The German tables read for a result: the group, the tables' version and the credit the licence asks for. */
export function presentGermanNorms(group: GermanReferenceGroup): NonNullable<TAssessmentResults['germanNorms']> {
  const info = describeGermanNormTables(DE_NORM_TABLES);
  return {
    group: presentGermanGroup(group),
    version: info.version,
    citation: info.citation,
    attribution: info.attribution,
  };
}

/**
 * The German T of every scale of a scored test (any form) for the patient's group, by scale key: the comparison
 * over time reads each administration with the group of its own date.
 */
export function germanReadingsOfScore(
  score: AnyScoreResult,
  test: { readonly gender: string; readonly age: number | null },
): { group: TGermanNormGroup; scales: Readonly<Record<string, TGermanNormReading | null>> } {
  const norms = readGermanNorms(score, normReferenceOf(test));
  return {
    group: presentGermanGroup(norms.group),
    scales: Object.fromEntries(
      Object.entries(norms.scales).map(([key, reading]) => [key, reading ? presentGermanReading(reading) : null]),
    ),
  };
}

/** The ICD-11 trait domains of a full-form test (null for the other forms, which cannot give them). */
export function bfmOfTest(test: {
  readonly form: string;
  readonly responses: string;
  readonly gender: string;
  readonly age: number | null;
}): TBfmResult | null {
  return test.form === 'FULL'
    ? presentBfm(scoreBfmFromFullForm(test.responses, { reference: normReferenceOf(test) }))
    : null;
}

/** A PID5BF+M scoring (of a full-form test's 36 items, or of a PID5BF+M test) in the API shape. */
export function presentBfm(bfm: BfmScoreResult): TBfmResult {
  const de = (reading: GermanNormReading | null) => (reading ? presentGermanReading(reading) : null);
  return {
    administeredAs: bfm.administeredAs,
    answered: bfm.answered,
    missing: bfm.missing,
    // In the form's order (a stored result's objects come back from jsonb in another order).
    domains: BFM_DOMAIN_KEYS.map((key) => bfm.domains[key]).map((domain) => ({
      key: domain.key,
      name: domain.name,
      icd11Name: domain.icd11Name,
      dsm5Name: domain.dsm5Name,
      isScored: domain.isScored,
      score: domain.score,
      de: de(domain.de),
    })),
    total: {
      name: bfm.total.name,
      isScored: bfm.total.isScored,
      score: bfm.total.score,
      answered: bfm.total.answered,
      nItems: bfm.total.nItems,
      de: de(bfm.total.de),
    },
    facets: BFM_FACET_KEYS.map((key) => bfm.facets[key]).map((facet) => ({
      key: facet.key,
      name: facet.name,
      domain: facet.domain,
      score: facet.score,
    })),
    group: presentGermanGroup(bfm.germanNorms.group),
    usNorms: null,
  };
}

/** The six AMPD trait profiles of a full- or short-form result (default threshold: the Moderate level, US). */
export function presentAmpd(results: TAssessmentResults, reference: NormReference): TAmpdResult | null {
  if (!isAmpdForm(results.form)) {
    return null;
  }
  const facets = Object.fromEntries(
    results.facets.map((facet) => [
      facet.key,
      {
        score: facet.score,
        us: facet.us ? { t: facet.us.t, percentile: facet.us.percentile, capped: facet.us.capped } : null,
      },
    ]),
  ) as Record<FacetKey, AmpdInput['facets'][FacetKey]>;
  const ampd = scoreAmpdProfiles({ form: results.form, facets }, { reference, threshold: DEFAULT_AMPD_THRESHOLD });
  return {
    threshold: { ...ampd.threshold },
    profiles: Object.values(ampd.profiles).map((profile) => ({
      key: profile.key,
      name: profile.name,
      facets: profile.facets.map((facet) => ({
        key: facet.key,
        usT: facet.us?.t ?? null,
        deT: facet.de?.t ?? null,
        atOrAboveThreshold: facet.atOrAboveThreshold,
        isRequired: facet.isRequired,
      })),
      meanUsT: profile.meanUsT,
      meanUsTIsLowerBound: profile.meanUsTIsLowerBound,
      meanDeT: profile.meanDeT,
      meanDeTIncludesExtrapolated: profile.meanDeTIncludesExtrapolated,
      assignedCount: profile.assignedCount,
      countAtOrAbove: profile.countAtOrAbove,
      unscoredFacets: [...profile.unscoredFacets],
      minimumCount: profile.minimumCount,
      required: profile.required.map((r) => ({ anyOf: [...r.anyOf], met: r.met })),
      traitRule: profile.traitRule,
      rule: profile.rule,
    })),
  };
}

/**
 * A result with its German T, ICD-11 trait domains and AMPD profiles. `responses` is the test's answer string (the
 * PID5BF+M of a full-form test is read from its 36 items).
 */
export function withTraitModels(
  results: TAssessmentResults,
  test: { readonly responses: string; readonly gender: string; readonly age: number | null },
  /** `ampd: false` for a reader that shows no AMPD profiles (the FHIR mapping): they are left out, not computed. */
  options: { readonly ampd?: boolean } = {},
): TAssessmentResults {
  const reference = normReferenceOf(test);
  const withNorms = withGermanNorms(results, reference);
  const coverage = bfmCoverage(results.form);
  return {
    ...withNorms,
    bfm: results.form === 'FULL' ? presentBfm(scoreBfmFromFullForm(test.responses, { reference })) : null,
    bfmUnavailable: coverage.yieldsBfm
      ? null
      : { form: results.form, present: coverage.itemsPresent.length, needed: BFM_FORM.itemCount },
    ...(options.ampd === false ? {} : { ampd: presentAmpd(withNorms, reference) }),
  };
}
