import { INSTRUMENT_VERSIONS } from './definition';
import type { Pid5Definition } from './definition-types';
import { assessValidity } from './validity-verdict';
import { FORMS, getFormInfo } from './forms';
import { DOMAIN_KEYS, FACET_KEYS, type FacetKey } from './keys';
import { describeShortFormNormSets, formatNormsVersion } from './norm-sets';
import { describeNormTables, getNormTable, type NormTables } from './norm-tables';
import { assertValidResponses } from './responses';
import { type FacetScore, normScores, orderByKeys, scoreDomainsFromFacets, scoreItemScale } from './score-scales';
import { scoreShortFormValidity } from './validity-scales';
import type { ShortFormScoreResult } from './result-types';

// Scoring of the 100-item short form (PID-5-SF; key: Maples et al. 2015, Appendix p. 1210, as data in
// data/pid5-forms.json). The same rules as the full form (score-scales.ts): 25 facets of 4 items, each the mean
// of its answered items, no reverse-keyed item (none of the 16 full-form reverse items is in the SF); a facet with
// 2 or more of its 4 items missing is not scored, the APA 25 % rule applied by analogy (Maples et al. give no
// missing-data rule; jmgirard/hitop does the same, notes §2); domains = mean of the same 3 primary facets.
// T and percentile from the short form's own tables (Markon et al. 2024, Tables; the short and full
// Submissiveness tables differ, so one is never used for the other). Validity: INC-S only (≥ 8, Lowmaster et al.
// 2020); ORS, PRD and SD-TD have no published short-form version and are never computed against the full form's
// cut-offs. German z: not available (its means and SDs are for the 220-item form).

export type { ShortFormScoreResult } from './result-types';

export function scoreShortForm(
  responses: string,
  definition: Pid5Definition,
  normTables: NormTables,
): ShortFormScoreResult {
  const form = FORMS.SF;
  assertValidResponses(responses, form.itemCount);
  const usLine = (key: string) => getNormTable(normTables, 'SF', key).linearFit;

  const facets = {} as Record<FacetKey, FacetScore>;
  for (const facet of form.facets) {
    const counts = scoreItemScale(responses, facet);
    facets[facet.key] = {
      key: facet.key,
      name: facet.name,
      domain: facet.domain,
      ...counts,
      ...normScores(counts.score, { srf: usLine(facet.key), irf: null }, getNormTable(normTables, 'SF', facet.key)),
    };
  }
  const domains = scoreDomainsFromFacets(form.domains, facets, (key, score) =>
    normScores(score, { srf: usLine(key), irf: null }, getNormTable(normTables, 'SF', key)),
  );

  const norms = describeShortFormNormSets(definition, 'SF', normTables.version);
  const validity = scoreShortFormValidity(responses, form.incs ?? missingIncs(), normTables);
  const scored = {
    form: 'SF' as const,
    formInfo: getFormInfo('SF'),
    instrument: { name: definition.instrument, form: form.name },
    instrumentVersion: INSTRUMENT_VERSIONS.SF,
    normsVersion: formatNormsVersion(norms, normTables),
    norms,
    normTables: describeNormTables(normTables),
    answered: form.itemCount - validity.missing,
    missing: validity.missing,
    facets: orderByKeys(FACET_KEYS, facets),
    domains: orderByKeys(DOMAIN_KEYS, domains),
    validity,
  };
  return { ...scored, validityVerdict: assessValidity(scored) };
}

function missingIncs(): never {
  throw new Error('The short form definition has no INC-S scale');
}
