// The response string: one character per item, item 1 first (product docs/product-spec.md §3 "test_data", §9). Its length is the
// form's item count: 220 for the full form (the default everywhere here), 100 for the short form, 25 for the brief
// form (forms.ts getFormItemCount).
// '0'-'3' is the answer; '9' is the unanswered marker on the patient side and '.' the missing marker on the
// results/report side; both mean "missing" when scoring.

export const RESPONSES_LENGTH = 220;

/** The marker stored for an item the patient has not answered yet. */
export const UNANSWERED = '9';

/** Characters that mean "no answer" when scoring. */
export const MISSING_MARKERS = ['9', '.'] as const;

export const ANSWER_VALUES = [0, 1, 2, 3] as const;

export type AnswerValue = (typeof ANSWER_VALUES)[number];

/** Answer labels of the product docs/product-spec.md §3 ("Answer values"). */
export const ANSWER_LABELS: Readonly<Record<AnswerValue, string>> = {
  0: 'Very False or Often False',
  1: 'Sometimes or Somewhat False',
  2: 'Sometimes or Somewhat True',
  3: 'Very True or Often True',
};

export interface AnswerOption {
  readonly value: AnswerValue;
  readonly label: string;
}

/** The four answer choices in display order. */
export const ANSWER_OPTIONS: readonly AnswerOption[] = ANSWER_VALUES.map((value) => ({
  value,
  label: ANSWER_LABELS[value],
}));

export function isAnswerValue(value: unknown): value is AnswerValue {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

export function isItemNumber(value: unknown, itemCount: number = RESPONSES_LENGTH): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= itemCount;
}

/**
 * Describe the first problem of a response string, or null when it is valid: exactly `length` characters (220 by
 * default; the form's item count), each one of 0-3, 9 or '.'. Positions are item numbers (1-based). Used by the
 * CLI and by `scoreResponses`.
 */
export function findResponsesProblem(responses: string, length: number = RESPONSES_LENGTH): string | null {
  const characters = Array.from(responses);
  if (characters.length !== length) {
    return `expected ${length} characters, got ${characters.length}`;
  }
  const index = characters.findIndex((c) => !/^[0-39.]$/.test(c));
  if (index >= 0) {
    return `position ${index + 1}: expected 0-3, 9 or ., got ${JSON.stringify(characters[index])}`;
  }
  return null;
}

export function isValidResponses(responses: unknown, length: number = RESPONSES_LENGTH): responses is string {
  return typeof responses === 'string' && findResponsesProblem(responses, length) === null;
}

export class InvalidResponsesError extends Error {
  constructor(problem: string) {
    super(`Invalid responses: ${problem}`);
    this.name = 'InvalidResponsesError';
  }
}

export function assertValidResponses(responses: string, length: number = RESPONSES_LENGTH): void {
  const problem = findResponsesProblem(responses, length);
  if (problem !== null) {
    throw new InvalidResponsesError(problem);
  }
}

/** The answer to item `item` (1-based position in the string), or null when it is missing. */
export function getAnswer(responses: string, item: number): AnswerValue | null {
  const c = responses.charAt(item - 1);
  const value = c === '' ? Number.NaN : Number(c);
  return isAnswerValue(value) ? value : null;
}

/** Number of answered items (characters 0-3). The spec's "220 minus the number of '9'" for patient strings. */
export function countAnswered(responses: string): number {
  let answered = 0;
  for (const c of responses) {
    if (c >= '0' && c <= '3') {
      answered++;
    }
  }
  return answered;
}

/** A response string with no answers (220 characters unless another form's item count is given). */
export function createEmptyResponses(length: number = RESPONSES_LENGTH): string {
  return UNANSWERED.repeat(length);
}

export interface SetAnswerOptions {
  readonly responses: string;
  /** Item number 1-220 (1 to the form's item count). */
  readonly item: number;
  /** The answer, or null to clear it (stores UNANSWERED). */
  readonly value: AnswerValue | null;
  /** The form's item count; 220 by default. */
  readonly length?: number;
}

/** Return a copy of the response string with one item changed. */
export function setAnswer({ responses, item, value, length = RESPONSES_LENGTH }: SetAnswerOptions): string {
  assertValidResponses(responses, length);
  if (!isItemNumber(item, length)) {
    throw new RangeError(`item must be an integer 1-${length}, got ${item}`);
  }
  const c = value === null ? UNANSWERED : String(value);
  return responses.slice(0, item - 1) + c + responses.slice(item);
}

/** Replace '.' by the stored unanswered marker '9' (both mean missing). */
export function normaliseResponses(responses: string, length: number = RESPONSES_LENGTH): string {
  assertValidResponses(responses, length);
  return responses.replaceAll('.', UNANSWERED);
}
