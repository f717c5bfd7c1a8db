import { z } from 'zod';
import { ZPatientEmail } from './messages';

// Scheduled re-tests: from a completed test, a new test of the same patient every N weeks, K times.

export const RETEST_WEEKS_MAX = 52;
export const RETEST_TIMES_MAX = 12;

/** The messages of a re-test schedule out of range (catalogue keys: message-keys.ts). */
export const RETEST_MESSAGES = {
  everyWeeks: `Choose every how many weeks: a whole number from 1 to ${RETEST_WEEKS_MAX}.`,
  times: `Choose how many re-tests: a whole number from 1 to ${RETEST_TIMES_MAX}.`,
} as const;

/** `POST /api/assessments/{id}/retest-series`. */
export const ZCreateRetestSeriesRequest = z.object({
  everyWeeks: z
    .number({ error: RETEST_MESSAGES.everyWeeks })
    .int(RETEST_MESSAGES.everyWeeks)
    .min(1, RETEST_MESSAGES.everyWeeks)
    .max(RETEST_WEEKS_MAX, RETEST_MESSAGES.everyWeeks),
  times: z
    .number({ error: RETEST_MESSAGES.times })
    .int(RETEST_MESSAGES.times)
    .min(1, RETEST_MESSAGES.times)
    .max(RETEST_TIMES_MAX, RETEST_MESSAGES.times),
  /** Where each new test's link is sent; without it the clinician hands the links over. */
  email: ZPatientEmail.optional(),
});
export type TCreateRetestSeriesRequest = z.input<typeof ZCreateRetestSeriesRequest>;

/** `PUT /api/assessments/{id}/retest-series`: pause, resume or end the test's series. */
export const ZUpdateRetestSeriesRequest = z.object({ action: z.enum(['pause', 'resume', 'end']) });

export const ZRetestSeries = z.object({
  id: z.number().int(),
  everyWeeks: z.number().int(),
  times: z.number().int(),
  runsDone: z.number().int(),
  /** When the next test is created (while active). */
  nextRunAt: z.iso.datetime(),
  state: z.enum(['active', 'paused', 'ended']),
  /** Why the last due run made no test (no purchased test left), or null. */
  problem: z.string().nullable(),
  emailMasked: z.string().nullable(),
  /** The tests the series has created, oldest first. */
  tests: z.array(z.object({ id: z.number().int(), run: z.number().int() })),
});
export type TRetestSeries = z.infer<typeof ZRetestSeries>;

/** `GET /api/assessments/{id}/retest-series`: the series started from this test, if any. */
export const ZRetestSeriesAnswer = z.object({ series: ZRetestSeries.nullable(), canStart: z.boolean() });
export type TRetestSeriesAnswer = z.infer<typeof ZRetestSeriesAnswer>;
