import scoringJson from './data/pid5-scoring.json' with { type: 'json' };
import type { DomainDefinition, FacetDefinition, Pid5Definition } from './definition-types';
import type { DomainKey, FacetKey, FormId } from './keys';
import { describeNormSet, formatNormsVersion, type NormField, type NormSetInfo } from './norm-sets';
import { US_NORM_TABLES } from './norm-tables';
import { parseDefinition } from './validate-definition';

// The PID-5 scoring definition, loaded from data and validated once when this module is first imported.
// Sources (details in data/pid5-scoring.NOTES.md): APA PID-5 Adult scoring key (Krueger, Derringer, Markon,
// Watson & Skodol 2013) for the facet table, reverse-keyed items, domain table and missing-data rule; Markon,
// Fossati, Somma & Krueger (2024) for the US norms; Zimmermann, Kerber, Kemper & Weweck (2026) for the German norms;
// Keeley et al. (2016), Sellbom et al. (2018) and Williams et al. (2019) for the validity scales.
// A broken data file fails loudly here (DefinitionError) instead of producing wrong scores.

export const pid5Definition: Pid5Definition = parseDefinition(scoringJson as unknown);

/**
 * Version of each form's definition and scoring rules. Stored with every result (assessments.instrument_version);
 * bump it whenever a key, the scoring rules or the validity rules change. scoring-2 (2026-11): T and percentile
 * from the printed tables, levels from the printed percentile, the validity verdict; the short and brief forms.
 */
export const INSTRUMENT_VERSIONS: Readonly<Record<FormId, string>> = {
  FULL: 'pid5-adult-220/apa-2013/scoring-2',
  SF: 'pid5-sf-100/maples-2015/scoring-2',
  BF: 'pid5-bf-25/apa-2013/scoring-2',
};

/** The full form's version (kept for callers that score the full form only). */
export const INSTRUMENT_VERSION = INSTRUMENT_VERSIONS.FULL;

/** The two norm sets results are standardised against: label, source, version (for the UI and the report). */
export const NORM_SETS: Readonly<Record<NormField, NormSetInfo>> = {
  srf: describeNormSet(pid5Definition, 'srf'),
  irf: describeNormSet(pid5Definition, 'irf'),
};

/** The norms version stored with results scored by the default definition and the shipped US tables. */
export const NORMS_VERSION = formatNormsVersion(NORM_SETS, US_NORM_TABLES);

const facetsByKey = new Map<FacetKey, FacetDefinition>(pid5Definition.facets.map((f) => [f.key, f]));
const domainsByKey = new Map<DomainKey, DomainDefinition>(pid5Definition.domains.map((d) => [d.key, d]));

/** The 25 facets in FACET_KEYS order, with names, item lists and their domain. */
export const FACETS: readonly FacetDefinition[] = pid5Definition.facets;

/** The 5 domains in DOMAIN_KEYS order, each with its three primary facets (APA Domain Table). */
export const DOMAINS: readonly DomainDefinition[] = pid5Definition.domains;

export function getFacet(key: FacetKey): FacetDefinition {
  const facet = facetsByKey.get(key);
  if (facet === undefined) {
    throw new Error(`Unknown facet ${key}`);
  }
  return facet;
}

export function getDomain(key: DomainKey): DomainDefinition {
  const domain = domainsByKey.get(key);
  if (domain === undefined) {
    throw new Error(`Unknown domain ${key}`);
  }
  return domain;
}
