import type { BriefFormScoreResult } from './score-brief-form';
import type { ScoreResult } from './score-responses';
import { unscoredNames } from './score-scales';
import type { ShortFormScoreResult } from './score-short-form';
import { decideValidity, type ValidityVerdict } from './validity-verdict';

// The validity verdict of a scored protocol of any form, from the result's own fields: what each form's scorer
// attaches as `validityVerdict`, and what a caller can recompute from a stored result (validity-verdict.ts has the
// rule).

type WithoutVerdict<T> = T extends unknown ? Omit<T, 'validityVerdict'> : never;

/** A result of any form, with or without its verdict. */
export type ScoredProtocol = WithoutVerdict<ScoreResult | ShortFormScoreResult | BriefFormScoreResult>;

export function assessValidity(result: ScoredProtocol): ValidityVerdict {
  const common = {
    formName: result.formInfo.nameInText,
    itemCount: result.formInfo.itemCount,
    missing: result.missing,
  };
  switch (result.form) {
    case 'FULL':
      return decideValidity({
        ...common,
        form: 'FULL',
        unscoredScales: unscoredNames([...Object.values(result.facets), ...Object.values(result.domains)]),
        inconsistency: result.validity.INC,
        ors: result.validity.ORS,
        prd: result.validity.PRD,
        sdtd: result.validity.SDTD,
      });
    case 'SF':
      return decideValidity({
        ...common,
        form: 'SF',
        unscoredScales: unscoredNames([...Object.values(result.facets), ...Object.values(result.domains)]),
        inconsistency: result.validity.INCS,
        ors: null,
        prd: null,
        sdtd: null,
      });
    case 'BF':
      return decideValidity({
        ...common,
        form: 'BF',
        unscoredScales: unscoredNames([...Object.values(result.domains), result.total]),
        inconsistency: null,
        ors: null,
        prd: null,
        sdtd: null,
      });
  }
}
