import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ITEM_COUNT,
  ZAcceptConsentRequest,
  ZApiError,
  ZPatientConsent,
  ZPatientTest,
  ZSaveAnswerRequest,
  ZSaveAnswersRequest,
  ZSaveAnswersResponse,
  ZSetPatientLanguageRequest,
} from '@pid5/contract';
import { AppError } from '../../errors';
import {
  acceptConsent,
  getConsent,
  getPatientTest,
  saveAnswer,
  saveAnswers,
  setPatientLanguage,
  submitTest,
} from './respondent.service';
import { processLocal } from '../../http/rate-limit-store';
import { answerAuthorOf, linkSessionOf } from './answer-author';

// Unknown codes are limited per address (unknown-code-limiter.ts; the limiter is built by the composition root).
// Everything else: generous, a patient answering quickly makes a few requests a minute. Counted per link,
// not per address: a clinic's patients often share one address behind NAT, and guessing codes is
// already stopped by the unknown-code limit per address above.
const PATIENT_RATE_LIMIT = {
  max: 600,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `patient-link:${(request.params as { code?: string }).code ?? ''}`,
};

const ZCodeParams = z.object({ code: z.string() });
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
const errors = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError, 429: ZApiError };

/** The patient link API (DESIGN.md "API"): the code in the path is the only credential. */
export function registerRespondentRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, itemSets, normTables, unknownCodeLimiter: limiter } = app.deps;
  const db = database.db;
  // The languages offered to patients (DESIGN.md "Languages").
  const languages = { itemSets, languageSwitch: app.deps.config.patientLanguageSwitch };

  const tooManyAttempts = (waitSeconds: number) =>
    new AppError('RATE_LIMITED', 'errors.respondent.tooManyAttempts', {
      values: { minutes: Math.ceil(waitSeconds / 60) },
    });
  const refuseGuessers = async (request: FastifyRequest) => {
    const wait = await limiter.retryAfterSeconds(request.ip);
    if (wait > 0) {
      throw tooManyAttempts(wait);
    }
  };
  // Every browser on a patient link gets its link session from the first request (the page load), so its saves are
  // told apart in the answer history (answer-author.ts).
  const assignLinkSession = async (request: FastifyRequest, reply: FastifyReply) => {
    linkSessionOf(request, reply, { isHttps: app.deps.config.isHttps, linkCodes: app.deps.linkCodes });
  };
  /** Runs a patient handler; an unknown code is counted against the address before it is answered. */
  const countingUnknownCodes =
    <Request extends FastifyRequest, Result>(handler: (request: Request) => Promise<Result>) =>
    async (request: Request): Promise<Result> => {
      try {
        return await handler(request);
      } catch (error) {
        if (error instanceof AppError && error.code === 'LINK_NOT_FOUND') {
          const wait = await limiter.recordMiss(request.ip);
          if (wait > 0) {
            throw tooManyAttempts(wait);
          }
        }
        throw error;
      }
    };
  const patientRoute = {
    config: { access: 'patient' as const, rateLimit: processLocal(PATIENT_RATE_LIMIT) },
    onRequest: [refuseGuessers, assignLinkSession],
  };

  r.get(
    '/api/patient/:code',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary: 'The test behind a patient link: status, answers, due date and, while open, the item texts',
        params: ZCodeParams,
        response: { 200: ZPatientTest, ...errors },
      },
    },
    countingUnknownCodes(async (request) =>
      getPatientTest({ db, code: request.params.code, now: clock.now(), ...languages }),
    ),
  );

  r.get(
    '/api/patient/:code/consent',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary: 'The current consent document in the test’s language (English where none is published in it)',
        params: ZCodeParams,
        response: { 200: ZPatientConsent, ...errors },
      },
    },
    countingUnknownCodes(async (request) => getConsent({ db, code: request.params.code, now: clock.now() })),
  );

  r.post(
    '/api/patient/:code/consent',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary: 'Accept the consent document shown (409 STALE_CONSENT when a newer one was published)',
        params: ZCodeParams,
        body: ZAcceptConsentRequest,
        response: { 200: ZPatientTest, ...errors },
      },
    },
    countingUnknownCodes(async (request) =>
      acceptConsent({
        db,
        code: request.params.code,
        consentId: request.body.consentId,
        now: clock.now(),
        ip: request.ip,
        ...languages,
      }),
    ),
  );

  r.put(
    '/api/patient/:code/language',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary:
          'Switch the test to another offered language (languageChoices) before submitting; the answers stay ' +
          '(400 for a language not offered, 409 when completed, 410 when expired)',
        params: ZCodeParams,
        body: ZSetPatientLanguageRequest,
        response: { 200: ZPatientTest, ...errors },
      },
    },
    countingUnknownCodes(async (request) =>
      setPatientLanguage({
        db,
        code: request.params.code,
        language: request.body.language,
        now: clock.now(),
        ip: request.ip,
        ...languages,
      }),
    ),
  );

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

  r.post(
    '/api/patient/:code/submit',
    {
      ...patientRoute,
      schema: {
        tags: ['patient'],
        summary: 'Submit a fully answered test; the scores are stored with it',
        params: ZCodeParams,
        response: { 200: ZPatientTest, ...errors },
      },
    },
    countingUnknownCodes(async (request) =>
      submitTest({
        db,
        code: request.params.code,
        now: clock.now(),
        ...languages,
        normTables,
        ip: request.ip,
        messaging: app.deps.messaging ?? null,
      }),
    ),
  );
}
