import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAcceptConsentRequest, ZPatientConsent, ZPatientTest, ZSetPatientLanguageRequest } from '@pid5/contract';
import { registerAnswerRoutes } from './answers.routes';
import { PATIENT_LINK_ERRORS as errors, patientLinkAccess, ZCodeParams } from './patient-link-access';
import { acceptConsent, getConsent, getPatientTest, setPatientLanguage, submitTest } from './respondent.service';

/**
 * The patient link API (DESIGN.md "API"): the code in the path is the only credential. The test, its consent, its
 * language and its submission here; saving answers in answers.routes.ts.
 */
export function registerRespondentRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, itemSets, normTables } = app.deps;
  const db = database.db;
  // The languages offered to patients (DESIGN.md "Languages").
  const languages = { itemSets, languageSwitch: app.deps.config.patientLanguageSwitch };
  const { routeOptions: patientRoute, countingUnknownCodes } = patientLinkAccess(app);

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

  registerAnswerRoutes(app);
}
