import { normReferenceOf } from './trait-models';
import {
  scoreBfmForm,
  scoreResponses,
  type AdministeredFormId,
  type AnyScoreResult,
  type BfmScoreResult,
  type NormTables,
} from '@pid5/instrument';

// One entry to the scorers for a test of any of the four forms: the PID-5's three by scoreResponses (US tables),
// the PID5BF+M by its own scorer (German tables for the patient's gender and age; decisions 0073, 0074).

/** The stored result of a test: a PID-5 form's, or the PID5BF+M's. */
export type TestScores = AnyScoreResult | BfmScoreResult;

/** What scoring reads of a test. */
export interface ScoredTest {
  readonly form: AdministeredFormId;
  readonly responses: string;
  /** One of the contract's GENDERS (stored as text). */
  readonly gender: string;
  readonly age: number;
}

export function scoreTest(
  test: ScoredTest,
  options: { readonly normTables: NormTables; readonly answerTimes?: readonly (number | null)[] },
): TestScores {
  if (test.form === 'BFM') {
    return scoreBfmForm(test.responses, { reference: normReferenceOf(test), answerTimes: options.answerTimes });
  }
  return scoreResponses(test.responses, {
    form: test.form,
    normTables: options.normTables,
    answerTimes: options.answerTimes,
  });
}
