import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAssessmentIdParams, ZExportQuery } from '@pid5/contract';
import { requireSession } from '../../http/access';
import { registerFhirReadApiRoutes } from './fhir-read-api.routes';
import { registerFhirTokenRoute } from './fhir-auth-token.routes';
import { registerFhirBulkExportRoutes } from './fhir-bulk-export.routes';
import { ZFhirIdParams } from './fhir-ids';
import { sendFhirJson, sendFhirNdjson } from '../../http/downloads';
import {
  exportAssessmentFhir,
  exportAssessmentsNdjson,
  exportPatientFhir,
  readCodeSystem,
  readQuestionnaire,
} from './fhir.service';

// The FHIR routes (DESIGN.md "FHIR"): a test's Bundle for the signed-in staff (a download beside the PDFs), and our
// CodeSystems and Questionnaires at their canonical addresses, public (they hold no patient data).

/** The CSV export's filters (search, status, form); precision has no meaning here. */
const ZFhirExportQuery = ZExportQuery.omit({ precision: true });

export function registerFhirRoutes(app: FastifyInstance): void {
  registerFhirReadApiRoutes(app);
  registerFhirTokenRoute(app);
  registerFhirBulkExportRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSets, normTables } = app.deps;
  // The public questionnaires carry the default language's set (no test names another).
  const itemSet = itemSets.default;
  // Every loaded set's answer labels, as designations of our answer codes (an answer is coded with its set's label).
  const answerLabelSets = itemSets.languages.flatMap((language) => {
    const set = itemSets.get(language);
    return set ? [{ language: set.language, labels: set.answerLabels }] : [];
  });

  r.get(
    '/api/assessments/:id/fhir',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['results'],
        summary:
          'A submitted test as a FHIR R4 Bundle (collection, application/fhir+json): Questionnaire, ' +
          'QuestionnaireResponse, an Observation per scale and per validity indicator, the verdict, Provenance. ' +
          'Same access and audit as the results; a shared reader gets it without the answers.',
        params: ZAssessmentIdParams,
      },
    },
    async (request, reply) => {
      const bundle = await exportAssessmentFhir({
        db: database.db,
        session: requireSession(request),
        id: request.params.id,
        itemSets,
        normTables,
        settings: config.fhir,
        now: clock.now(),
        ip: request.ip,
      });
      return sendFhirJson(reply, bundle, `assessment-${request.params.id}.fhir.json`);
    },
  );

  r.get(
    '/api/assessments/export.fhir.ndjson',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary:
          "The submitted tests the CSV export would hold (the current view; the dashboard's search, status and form " +
          "filters) as FHIR R4 NDJSON (application/fhir+ndjson, streamed): one resource a line, each test's " +
          "QuestionnaireResponse, Observations and Provenance, each form's Questionnaire once.",
        querystring: ZFhirExportQuery,
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const stream = await exportAssessmentsNdjson({
        db: database.db,
        session: requireSession(request),
        filters: { search: request.query.search, status: request.query.status, form: request.query.form ?? null },
        itemSets,
        normTables,
        settings: config.fhir,
        now,
        ip: request.ip,
        onError: (error) => request.log.error({ err: error }, 'FHIR NDJSON export failed part-way'),
      });
      return sendFhirNdjson(reply, stream, `assessments-${now.toISOString().slice(0, 10)}.ndjson`);
    },
  );

  r.get(
    '/api/assessments/:id/patient/fhir',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary:
          "Every submitted test of this test's patient as one FHIR R4 Bundle (collection, application/fhir+json): " +
          "each test's resources as in its own Bundle, each form's Questionnaire once. The patient page's access; " +
          'a shared reader gets it without the answers.',
        params: ZAssessmentIdParams,
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const bundle = await exportPatientFhir({
        db: database.db,
        session: requireSession(request),
        id: request.params.id,
        itemSets,
        normTables,
        settings: config.fhir,
        now,
        ip: request.ip,
      });
      return sendFhirJson(reply, bundle, `patient-${now.toISOString().slice(0, 10)}.fhir.json`);
    },
  );

  r.get(
    '/fhir/R4/CodeSystem/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['fhir'],
        summary: 'One of our FHIR CodeSystems (scales, levels, validity, answers).',
        params: ZFhirIdParams,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .send(JSON.stringify(readCodeSystem(config.fhir, request.params.id, answerLabelSets))),
  );

  r.get(
    '/fhir/R4/Questionnaire/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['fhir'],
        summary:
          "A form's Questionnaire (pid5-full, pid5-sf, pid5-bf); item texts only for the demonstration set (an " +
          "institute's licensed wording is not published to anyone who asks; the Bundle carries it to its readers).",
        params: ZFhirIdParams,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .send(
          JSON.stringify(readQuestionnaire(config.fhir, itemSet, request.params.id, { withTexts: itemSet.isDemo })),
        ),
  );
}
