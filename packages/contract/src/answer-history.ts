import { z } from 'zod';
import { ZClinicianRef } from './assessments';

// The answer history of a test: every change of an answer, who made it and when, for the admin
// data view. `GET /api/assessments/{id}/answer-history`.

/** At most this many changes are returned, the newest. */
export const ANSWER_HISTORY_LIMIT = 1000;

export const ZAnswerChange = z.object({
  item: z.int(),
  /** The answer before, 0-3; null when the item was unanswered. */
  from: z.int().nullable(),
  to: z.int(),
  at: z.string(),
  /** The signed-in user who saved it (someone who opened the link while signed in); null for the patient link. */
  user: ZClinicianRef.nullable(),
  /** Which browser used the link: 1 for the first that saved an answer, 2 for the next, and so on. */
  browser: z.int().nullable(),
});
export type TAnswerChange = z.infer<typeof ZAnswerChange>;

export const ZAnswerHistory = z.object({
  /** Newest first. */
  items: z.array(ZAnswerChange),
  /** All changes of the test (more than `items` holds when over the limit). */
  total: z.int(),
});
export type TAnswerHistory = z.infer<typeof ZAnswerHistory>;
