import { DOMAIN_KEYS, FACET_KEYS, VALIDITY_KEYS, type ScoreResult } from '@pid5/instrument';

// The `scores` column holds the instrument's ScoreResult as written by the submit flow (patient.service.ts). It is
// read back as jsonb, so check its shape before trusting it: a row from an older format (before scoring-2: no T,
// percentile or validity verdict), or edited by hand, is recomputed from the stored answers instead of producing a
// broken page or report.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumberOrNull(value: unknown): boolean {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

function isScale(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    typeof value.isScored === 'boolean' &&
    isNumberOrNull(value.score) &&
    isNumberOrNull(value.srf) &&
    isNumberOrNull(value.irf) &&
    (value.level === null || value.level === 'Mild' || value.level === 'Moderate' || value.level === 'High') &&
    // Since scoring-2 every scale carries its US T and percentile (null when not scored).
    (value.us === null || (isRecord(value.us) && typeof value.us.t === 'number'))
  );
}

function isNormSet(value: unknown): boolean {
  return (
    isRecord(value) &&
    ['id', 'version', 'shortLabel', 'label', 'source', 'citation'].every((k) => typeof value[k] === 'string')
  );
}

/** The stored ScoreResult, or null when the value is missing or not in the shape this version reads. */
export function readStoredScores(value: unknown): ScoreResult | null {
  if (!isRecord(value)) {
    return null;
  }
  const { facets, domains, validity, norms, instrument } = value;
  const isValid =
    isRecord(facets) &&
    FACET_KEYS.every(
      (key) => isScale(facets[key]) && isRecord(facets[key]) && typeof facets[key].nItems === 'number',
    ) &&
    isRecord(domains) &&
    DOMAIN_KEYS.every((key) => isScale(domains[key]) && isRecord(domains[key]) && Array.isArray(domains[key].facets)) &&
    isRecord(validity) &&
    typeof validity.missing === 'number' &&
    VALIDITY_KEYS.every((key) => isRecord(validity[key])) &&
    isRecord(norms) &&
    isNormSet(norms.srf) &&
    isNormSet(norms.irf) &&
    isRecord(instrument) &&
    isRecord(value.normTables) &&
    isRecord(value.validityVerdict) &&
    Array.isArray(value.validityVerdict.lines) &&
    typeof value.instrumentVersion === 'string' &&
    typeof value.normsVersion === 'string' &&
    typeof value.answered === 'number' &&
    typeof value.missing === 'number';
  return isValid ? (value as unknown as ScoreResult) : null;
}
