import { z } from 'zod';
import interpretationJson from './data/pid5-validity-interpretation.json' with { type: 'json' };
import { summariseProblems } from './validate-definition';

// What each validity indicator means, its direction, what to do when it is flagged, and the words of the three
// verdicts: data (data/pid5-validity-interpretation.json, with sources), validated when this module loads.
// validity-verdict.ts applies it to a result.

export const VERDICTS = ['valid', 'caution', 'not-interpretable'] as const;

export type Verdict = (typeof VERDICTS)[number];

/** How level words meant for the patient are handled under a verdict. */
export type PatientFacingLevels = 'show' | 'show-marked' | 'withhold';

const ZText = z.string().min(1);
const ZSeverity = z.enum(['caution', 'not-interpretable']);

const ZReasonText = z.object({ severity: ZSeverity, text: ZText, short: ZText, action: ZText });

const ZScaleBase = z.object({
  name: ZText,
  source: ZText,
  directionText: ZText,
  cutoffText: ZText,
});

const ZFlaggingScale = ZScaleBase.extend({
  /** What the scale checks, for a sentence saying it could not be checked ("over-reporting"). */
  checks: ZText,
  direction: z.enum(['high', 'low']),
  severity: ZSeverity,
  ok: ZText,
  flagged: ZText,
  short: ZText,
  action: ZText,
});

/** An inconsistency scale: a score just below the cut-off is borderline (within `borderlineWithin` points). */
const ZInconsistencyScale = ZFlaggingScale.extend({
  direction: z.literal('high'),
  borderlineWithin: z.number().int().positive(),
  borderline: ZText,
});

const ZVerdictText = z.object({
  label: ZText,
  summary: ZText,
  action: ZText,
  patientFacingLevels: z.enum(['show', 'show-marked', 'withhold']),
  /** Label and summary for a form whose checks differ from the full form's (short: INC-S only; brief: none). */
  byForm: z
    .object({ SF: z.object({ label: ZText, summary: ZText }), BF: z.object({ label: ZText, summary: ZText }) })
    .partial()
    .optional(),
});

const ZInterpretationFile = z.object({
  description: ZText,
  sources: z.array(z.object({ id: ZText, citation: ZText, usedFor: ZText })).min(1),
  scales: z.object({
    INC: ZInconsistencyScale,
    INCS: ZInconsistencyScale,
    ORS: ZFlaggingScale.extend({ direction: z.literal('high') }),
    PRD: ZFlaggingScale.extend({ direction: z.literal('low'), indeterminate: ZText }),
    SDTD: ZScaleBase.extend({
      direction: z.literal('style'),
      notRead: ZText,
      socialDesirability: ZText,
      defensiveness: ZText,
      neither: ZText,
      caveat: ZText,
    }),
    /** The product's own response-pattern screen (response-pattern.ts): not a PID-5 scale. */
    PATTERN: ZScaleBase.extend({
      checks: ZText,
      direction: z.literal('high'),
      runSame: ZText,
      runAlternating: ZText,
      ok: ZText,
      caution: ZText,
      flaggedRun: ZText,
      flaggedShare: ZText,
      shortCaution: ZText,
      shortFlaggedRun: ZText,
      shortFlaggedShare: ZText,
      actionCaution: ZText,
      actionFlagged: ZText,
    }),
  }),
  notComputed: ZText,
  notComputedInconsistency: ZReasonText,
  /** ORS or PRD not computed: what they check was not checked (placeholders {names}, {details}, {checks}, {keys}). */
  notComputedChecks: ZReasonText,
  notPublished: z.object({ scale: ZText, SF: ZText, BF: ZText }),
  missing: z.object({
    notInterpretableAboveFraction: z.number().gt(0).lt(1),
    allAnswered: ZText,
    someMissing: ZText,
    unscored: ZReasonText,
    tooMany: ZReasonText,
  }),
  verdicts: z.object({ valid: ZVerdictText, caution: ZVerdictText, 'not-interpretable': ZVerdictText }),
  rule: ZText,
});

export type ValidityInterpretation = z.infer<typeof ZInterpretationFile>;

/** Check the interpretation data; the directions must be the ones the sources give (a flipped one is refused). */
export function parseValidityInterpretation(raw: unknown): ValidityInterpretation {
  const parsed = ZInterpretationFile.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid validity interpretation: ${summariseProblems(
        parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`),
      )}`,
    );
  }
  const data = parsed.data;
  const problems: string[] = [];
  // INC (Keeley 2016) and INC-S (Lowmaster 2020) make a protocol uninterpretable, as the book's norm sample excluded
  // INC ≥ 17 (Markon et al. 2024, p. 114); ORS and PRD ask for caution.
  for (const key of ['INC', 'INCS'] as const) {
    if (data.scales[key].severity !== 'not-interpretable') {
      problems.push(`scales.${key}: a flagged inconsistency scale must make the protocol not interpretable`);
    }
  }
  if (data.verdicts['not-interpretable'].patientFacingLevels !== 'withhold') {
    problems.push('verdicts.not-interpretable: level words for the patient must be withheld');
  }
  if (data.verdicts.valid.patientFacingLevels !== 'show') {
    problems.push('verdicts.valid: level words for the patient must be shown');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid validity interpretation: ${summariseProblems(problems)}`);
  }
  return data;
}

export const VALIDITY_INTERPRETATION: ValidityInterpretation = parseValidityInterpretation(
  interpretationJson as unknown,
);

/** Fill '{name}' placeholders; a placeholder without a value is an error in the data, not a blank in a report. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`No value for ${match} in "${template}"`);
    }
    return String(value);
  });
}
