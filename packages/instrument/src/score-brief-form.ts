import { INSTRUMENT_VERSIONS } from './definition';
import type { Pid5Definition } from './definition-types';
import { assessValidity } from './validity-verdict';
import { FORMS, getFormInfo } from './forms';
import { BF_TOTAL_KEY, DOMAIN_KEYS, type DomainKey } from './keys';
import { describeShortFormNormSets, formatNormsVersion } from './norm-sets';
import { describeNormTables, getNormTable, type NormTables } from './norm-tables';
import { assertValidResponses } from './responses';
import { normScores, orderByKeys, scoreItemScale } from './score-scales';
import { scoreBriefFormValidity } from './validity-scales';
import type { BriefDomainScore, BriefFormScoreResult, BriefTotalScore } from './result-types';

// Scoring of the 25-item brief form (PID-5-BF; APA 2013 Personality Trait Domain Scoring table, as data in
// data/pid5-forms.json). Each domain is the mean of its 5 items (not of facets; 6 items come from facets that are
// no domain's primary facet, notes §2); no item is reverse-keyed. Missing data: a domain with 2 or more of its 5
// items missing is not scored (the published APA BF rule); otherwise the mean of the answered items (not rounded,
// as for the other forms). The total is the mean of all 25 items (Markon et al. 2024, p. 23), not scored with 7 or
// more of 25 missing: the book gives no missing-data rule for the total, this is jmgirard/hitop's decision D-021
// (the 25 % rule at the 25-item level), so up to 3 domains can be unscored while the total is still reported.
// T and percentile from the brief form's own table (Markon et al. 2024, Table A-9). No validity scale is published
// for the brief form. German z: not available.

export type { BriefDomainScore, BriefFormScoreResult, BriefScaleScore, BriefTotalScore } from './result-types';

export function scoreBriefForm(
  responses: string,
  definition: Pid5Definition,
  normTables: NormTables,
): BriefFormScoreResult {
  const form = FORMS.BF;
  assertValidResponses(responses, form.itemCount);
  const scoreScale = (key: string, scale: (typeof form.domains)[number] | typeof form.total) => {
    const counts = scoreItemScale(responses, scale);
    const table = getNormTable(normTables, 'BF', key);
    return {
      name: scale.name,
      items: scale.items,
      ...counts,
      ...normScores(counts.score, { srf: table.linearFit, irf: null }, table),
    };
  };

  const domains = {} as Record<DomainKey, BriefDomainScore>;
  for (const domain of form.domains) {
    domains[domain.key] = { key: domain.key, ...scoreScale(domain.key, domain) };
  }
  const total: BriefTotalScore = {
    key: BF_TOTAL_KEY,
    ...scoreScale(BF_TOTAL_KEY, form.total),
    source: form.total.source,
    missingRuleSource: form.total.missingRuleSource,
  };

  const norms = describeShortFormNormSets(definition, 'BF', normTables.version);
  const validity = scoreBriefFormValidity(responses);
  const scored = {
    form: 'BF' as const,
    formInfo: getFormInfo('BF'),
    instrument: { name: definition.instrument, form: form.name },
    instrumentVersion: INSTRUMENT_VERSIONS.BF,
    normsVersion: formatNormsVersion(norms, normTables),
    norms,
    normTables: describeNormTables(normTables),
    answered: form.itemCount - validity.missing,
    missing: validity.missing,
    domains: orderByKeys(DOMAIN_KEYS, domains),
    total,
    validity,
  };
  return { ...scored, validityVerdict: assessValidity(scored) };
}
