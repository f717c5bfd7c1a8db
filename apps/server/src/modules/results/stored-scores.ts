import {
  DOMAIN_KEYS,
  FACET_KEYS,
  VALIDITY_KEYS,
  BFM_DOMAIN_KEYS,
  type AnyScoreResult,
  type BfmScoreResult,
  type BriefFormScoreResult,
  type ScoreResult,
  type FormId,
  type ShortFormScoreResult,
} from '@pid5/instrument';

// The `scores` column holds the instrument's ScoreResult as written by the submit flow (respondent.service.ts). It is
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

/**
 * The stored result of a test given as `form`, or null when the value is missing, of another form, or not
 * in the shape this version reads (each form has its own shape: the short form's validity is INC-S, the brief form
 * has domains made of items and a total, no facets).
 */
export function readStoredFormScores(value: unknown, form: FormId): AnyScoreResult | null {
  switch (form) {
    case 'FULL':
      return readStoredScores(value);
    case 'SF':
      return readStoredShortForm(value);
    case 'BF':
      return readStoredBriefForm(value);
  }
}

/** What every form's stored result has: the form, norms, versions and counts. */
function hasCommonShape(value: Record<string, unknown>, form: FormId): boolean {
  const { norms, instrument } = value;
  // A result stored before forms existed has no `form`: it is a full-form result.
  const storedForm = value.form ?? 'FULL';
  return (
    storedForm === form &&
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
    typeof value.missing === 'number'
  );
}

function hasFacetsAndDomains(value: Record<string, unknown>): boolean {
  const { facets, domains } = value;
  return (
    isRecord(facets) &&
    FACET_KEYS.every(
      (key) => isScale(facets[key]) && isRecord(facets[key]) && typeof facets[key].nItems === 'number',
    ) &&
    isRecord(domains) &&
    DOMAIN_KEYS.every((key) => isScale(domains[key]) && isRecord(domains[key]) && Array.isArray(domains[key].facets))
  );
}

function readStoredShortForm(value: unknown): ShortFormScoreResult | null {
  if (!isRecord(value)) {
    return null;
  }
  const { validity } = value;
  const isValid =
    hasCommonShape(value, 'SF') &&
    hasFacetsAndDomains(value) &&
    isRecord(validity) &&
    typeof validity.missing === 'number' &&
    isRecord(validity.INCS) &&
    ['ORS', 'PRD', 'SDTD'].every((key) => isRecord(validity[key]));
  return isValid ? (value as unknown as ShortFormScoreResult) : null;
}

function readStoredBriefForm(value: unknown): BriefFormScoreResult | null {
  if (!isRecord(value)) {
    return null;
  }
  const { domains, total, validity } = value;
  const isItemScale = (scale: unknown) => isScale(scale) && isRecord(scale) && typeof scale.nItems === 'number';
  const isValid =
    hasCommonShape(value, 'BF') &&
    isRecord(domains) &&
    DOMAIN_KEYS.every((key) => isItemScale(domains[key])) &&
    isItemScale(total) &&
    isRecord(total) &&
    typeof total.missingRuleSource === 'string' &&
    isRecord(validity) &&
    typeof validity.missing === 'number' &&
    VALIDITY_KEYS.every((key) => isRecord(validity[key]));
  return isValid ? (value as unknown as BriefFormScoreResult) : null;
}

/** The stored full-form ScoreResult, or null when the value is missing or not in the shape this version reads. */
export function readStoredScores(value: unknown): ScoreResult | null {
  if (!isRecord(value)) {
    return null;
  }
  const { validity } = value;
  const isValid =
    hasCommonShape(value, 'FULL') &&
    hasFacetsAndDomains(value) &&
    isRecord(validity) &&
    typeof validity.missing === 'number' &&
    VALIDITY_KEYS.every((key) => isRecord(validity[key]));
  return isValid ? (value as unknown as ScoreResult) : null;
}

/**
 * The stored result of a PID5BF+M test (score-bfm.ts), or null when missing or not in the shape this version reads:
 * its six domains with their German readings, the total, and the verdict of the form itself.
 */
export function readStoredBfmScores(value: unknown): BfmScoreResult | null {
  if (!isRecord(value)) {
    return null;
  }
  const { domains, total, validityVerdict } = value;
  const isDomain = (domain: unknown) =>
    isRecord(domain) &&
    typeof domain.name === 'string' &&
    typeof domain.isScored === 'boolean' &&
    isNumberOrNull(domain.score) &&
    (domain.de === null || isRecord(domain.de));
  const isValid =
    value.form === 'BFM' &&
    value.administeredAs === 'BFM' &&
    isRecord(domains) &&
    BFM_DOMAIN_KEYS.every((key) => isDomain(domains[key])) &&
    isRecord(value.facets) &&
    isRecord(total) &&
    isNumberOrNull(total.score) &&
    isRecord(value.germanNorms) &&
    isRecord(validityVerdict) &&
    Array.isArray(validityVerdict.lines) &&
    typeof value.instrumentVersion === 'string' &&
    typeof value.normsVersion === 'string' &&
    typeof value.answered === 'number' &&
    typeof value.missing === 'number';
  return isValid ? (value as unknown as BfmScoreResult) : null;
}
