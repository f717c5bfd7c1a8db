import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ITEM_COUNT, ZSaveAnswerRequest, ZSaveAnswersRequest, ZSaveAnswersResponse } from '@pid5/contract';
import { answerAuthorOf } from './answer-author';
import { PATIENT_LINK_ERRORS, patientLinkAccess, ZCodeParams } from './patient-link-access';
import { saveAnswer, saveAnswers } from './respondent.service';

const ZItemParams = z.object({
  code: z.string(),
  // Digits only: '1.5', '1e2' and '0x10' are not item numbers.
  item: z
    .string()
    .regex(/^[0-9]{1,4}$/, `Item numbers are whole numbers 1 to ${ITEM_COUNT}`)
    .transform(Number)
    .pipe(
      z
        .int()
        .min(1, `Item numbers are whole numbers 1 to ${ITEM_COUNT}`)
        .max(ITEM_COUNT, `Item numbers are whole numbers 1 to ${ITEM_COUNT}`),
    ),
});

/** Saving answers through a patient link: one at a time as they are given, or several queued while offline. */
export function registerAnswerRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;
  const { routeOptions: patientRoute, countingUnknownCodes } = patientLinkAccess(app);
  const errors = PATIENT_LINK_ERRORS;

  r.put(
    '/api/patient/:code/answers/:item',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary: 'Save one answer (items 1-220, values 0-3) atomically',
        params: ZItemParams,
        body: ZSaveAnswerRequest,
        response: { 200: ZSaveAnswersResponse, ...errors },
      },
    },
    countingUnknownCodes(async (request) =>
      saveAnswer({
        db,
        code: request.params.code,
        item: request.params.item,
        value: request.body.value,
        answeredMsAgo: request.body.answeredMsAgo,
        now: clock.now(),
        author: await answerAuthorOf(app, request),
      }),
    ),
  );

  r.post(
    '/api/patient/:code/answers',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary: 'Save several answers at once (answers queued while offline)',
        params: ZCodeParams,
        body: ZSaveAnswersRequest,
        response: { 200: ZSaveAnswersResponse, ...errors },
      },
    },
    countingUnknownCodes(async (request) =>
      saveAnswers({
        db,
        code: request.params.code,
        answers: request.body.answers,
        now: clock.now(),
        author: await answerAuthorOf(app, request),
      }),
    ),
  );
}
