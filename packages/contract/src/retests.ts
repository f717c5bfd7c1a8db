import { z } from 'zod';
import { ZPatientEmail } from './messages';

// Scheduled re-tests: from a completed test, a new test of the same patient every N weeks, K times.

export const RETEST_WEEKS_MAX = 52;
export const RETEST_TIMES_MAX = 12;

/** `POST /api/assessments/{id}/retest-series`. */
export const ZCreateRetestSeriesRequest = z.object({
  everyWeeks: z
    .number({ error: 'Choose every how many weeks: a whole number from 1 to 52.' })
    .int('Choose every how many weeks: a whole number from 1 to 52.')
    .min(1, 'Choose every how many weeks: a whole number from 1 to 52.')
    .max(RETEST_WEEKS_MAX, 'Choose every how many weeks: a whole number from 1 to 52.'),
  times: z
    .number({ error: 'Choose how many re-tests: a whole number from 1 to 12.' })
    .int('Choose how many re-tests: a whole number from 1 to 12.')
    .min(1, 'Choose how many re-tests: a whole number from 1 to 12.')
    .max(RETEST_TIMES_MAX, 'Choose how many re-tests: a whole number from 1 to 12.'),
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
