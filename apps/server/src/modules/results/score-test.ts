import type { Gender } from '@pid5/contract';
import {
  scoreBfmForm,
  scoreResponses,
  type AdministeredFormId,
  type AnyScoreResult,
  type BfmScoreResult,
  type NormReference,
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

/** The German norms' reference group from the test's gender and age (all adults for Diverse or Unspecified). */
export function normReferenceOf(test: Pick<ScoredTest, 'gender' | 'age'>): NormReference {
  return { gender: REFERENCE_GENDERS[test.gender as Gender] ?? 'unspecified', age: test.age };
}

const REFERENCE_GENDERS: Readonly<Record<Gender, NormReference['gender']>> = {
  Female: 'female',
  Male: 'male',
  Diverse: 'diverse',
  Unspecified: 'unspecified',
};

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
