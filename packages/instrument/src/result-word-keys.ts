import type { AdministeredFormId, DomainKey, FacetKey } from './keys';
import type { Level } from './levels';
import type { Verdict } from './validity-wording';

// The catalogue keys of the instrument's words shown in results, reports and on screens (packages/i18n catalogue
// area `results`, English and German): scale names, level words, form names, verdict labels and validity statuses.
// The instrument's own data (names in pid5-scoring.json, the words of pid5-levels.json) stay English and keep their
// API; a caller that speaks the reader's language translates these keys instead (the server's reports:
// `t(scaleNameKey('Anx'))`). The validity sentences have their own German data (validityWording('de')).

/** A scale's name: the 25 facets, the 5 domains and the brief form's total. */
export const SCALE_NAME_KEYS = {
  Anh: 'results.scale.Anh',
  Anx: 'results.scale.Anx',
  Att: 'results.scale.Att',
  Cal: 'results.scale.Cal',
  Dec: 'results.scale.Dec',
  Dep: 'results.scale.Dep',
  Dis: 'results.scale.Dis',
  Ecc: 'results.scale.Ecc',
  Emo: 'results.scale.Emo',
  Gra: 'results.scale.Gra',
  Hos: 'results.scale.Hos',
  Imp: 'results.scale.Imp',
  Int: 'results.scale.Int',
  Irr: 'results.scale.Irr',
  Man: 'results.scale.Man',
  Prc: 'results.scale.Prc',
  Per: 'results.scale.Per',
  Res: 'results.scale.Res',
  Rig: 'results.scale.Rig',
  Ris: 'results.scale.Ris',
  Sep: 'results.scale.Sep',
  Sub: 'results.scale.Sub',
  Sus: 'results.scale.Sus',
  Unu: 'results.scale.Unu',
  Wit: 'results.scale.Wit',
  NegAf: 'results.scale.NegAf',
  Detac: 'results.scale.Detac',
  Antag: 'results.scale.Antag',
  Disin: 'results.scale.Disin',
  Psych: 'results.scale.Psych',
  Total: 'results.scale.Total',
} as const satisfies Record<FacetKey | DomainKey | 'Total', string>;

export type ScaleNameKey = (typeof SCALE_NAME_KEYS)[keyof typeof SCALE_NAME_KEYS];

/** The catalogue key of a scale's name; an unknown key (none in a valid result) throws. */
export function scaleNameKey(key: string): ScaleNameKey {
  const found = (SCALE_NAME_KEYS as Readonly<Record<string, ScaleNameKey>>)[key];
  if (!found) {
    throw new Error(`No scale named ${key}`);
  }
  return found;
}

/** The level words: Mild, Moderate, High, 'Not elevated' below Mild, 'Not scored'. */
export const LEVEL_KEYS = {
  Mild: 'results.level.Mild',
  Moderate: 'results.level.Moderate',
  High: 'results.level.High',
  none: 'results.level.none',
  notScored: 'results.level.notScored',
} as const satisfies Record<Level | 'none' | 'notScored', string>;

export type LevelKey = (typeof LEVEL_KEYS)[keyof typeof LEVEL_KEYS];

/** A scale's level as a key, as `formatLevel` words it: not scored, not elevated, or its level. */
export function levelKey(scale: { level: Level | null; isScored: boolean }): LevelKey {
  if (!scale.isScored) {
    return LEVEL_KEYS.notScored;
  }
  return scale.level ? LEVEL_KEYS[scale.level] : LEVEL_KEYS.none;
}

/** The forms' names for headings and reports: "Full form (PID-5, 220 items)". */
export const FORM_NAME_KEYS = {
  FULL: 'results.form.FULL',
  SF: 'results.form.SF',
  BF: 'results.form.BF',
  BFM: 'results.form.BFM',
} as const satisfies Record<AdministeredFormId, string>;

/** The verdicts' labels; a valid brief form's is 'No validity scale published' (`noValidityScale`). */
export const VERDICT_LABEL_KEYS = {
  valid: 'results.verdict.valid',
  caution: 'results.verdict.caution',
  'not-interpretable': 'results.verdict.not-interpretable',
  noValidityScale: 'results.verdict.noValidityScale',
} as const satisfies Record<Verdict | 'noValidityScale', string>;

/** The verdict's label as a key, for the form given (the brief form has no validity scale to call it valid). */
export function verdictLabelKey(
  verdict: Verdict,
  form: AdministeredFormId,
): (typeof VERDICT_LABEL_KEYS)[keyof typeof VERDICT_LABEL_KEYS] {
  // Neither the brief form nor the PID5BF+M has a published validity scale.
  return verdict === 'valid' && (form === 'BF' || form === 'BFM')
    ? VERDICT_LABEL_KEYS.noValidityScale
    : VERDICT_LABEL_KEYS[verdict];
}

/** A validity indicator's status, as the score report's table and the results page print it. */
export const VALIDITY_STATUS_KEYS = {
  ok: 'results.validityStatus.ok',
  flagged: 'results.validityStatus.flagged',
  indeterminate: 'results.validityStatus.indeterminate',
  'not-computed': 'results.validityStatus.not-computed',
  'not-read': 'results.validityStatus.not-read',
  'not-published': 'results.validityStatus.not-published',
  'not-recorded': 'results.validityStatus.not-recorded',
} as const;

/** The T charts' axis title ('T score'). */
export const T_AXIS_LABEL_KEY = 'results.tAxis';
