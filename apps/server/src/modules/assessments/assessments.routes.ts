import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSESSMENTS_PAGE_SIZE,
  ZApiError,
  ZAssessmentDetails,
  ZAssessmentIdParams,
  ZAssessmentList,
  ZCreateAssessmentRequest,
  ZCreateAssessmentResponse,
  ZExportQuery,
  ZExtendAssessmentResponse,
  ZListAssessmentsQuery,
} from '@pid5/contract';
import { requireSession } from '../../http/access';
import { presentDetails, presentListItem, testLinkFor } from './assessments.presenter';
import { buildDataDictionary, encodeDataDictionaryCsv } from '../csv-export/export-dictionary';
import { requestLanguage } from '../../i18n/request-language';
import {
  createAssessment,
  exportAssessments,
  extendAssessment,
  listAssessments,
  resolveView,
  viewAssessment,
} from './assessments.service';
import { sendCsv } from '../../http/downloads';

export function registerAssessmentsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, catalogue } = app.deps;
  const db = database.db;

  r.get(
    '/api/assessments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary:
          'Dashboard list: search on patient id, filter by form and status, sort, 10 per page (admins in admin view see everyone)',
        querystring: ZListAssessmentsQuery,
        response: { 200: ZAssessmentList },
      },
    },
    async (request) => {
      const { view, scope } = resolveView(requireSession(request));
      const { search, status, sort, page, form } = request.query;
      const now = clock.now();
      const result = await listAssessments({ db, scope, search, status, now, sort, page, form: form ?? null });
      return {
        items: result.rows.map((row) => presentListItem(row, view, now)),
        page: result.page,
        pageCount: result.pageCount,
        total: result.total,
        pageSize: ASSESSMENTS_PAGE_SIZE,
        view,
      };
    },
  );

  r.post(
    '/api/assessments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary:
          'Create a test as the full, short or brief form (uses one purchased test, whatever the form). A request ' +
          'repeating an earlier request key answers with the test that one created and uses nothing',
        body: ZCreateAssessmentRequest,
        response: { 201: ZCreateAssessmentResponse, 400: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const created = await createAssessment({
        db,
        catalogue,
        clinicianId: session.user.id,
        linkCodes: app.deps.linkCodes,
        request: request.body,
        defaultForm: config.defaultForm,
        itemSets: app.deps.itemSets,
        now: clock.now(),
        ip: request.ip,
      });
      // A repeated request gets the first one's answer, the same as it was (nothing new was created or used).
      return reply.status(201).send({
        id: created.assessment.id,
        form: created.assessment.form,
        language: created.assessment.language,
        testLink: testLinkFor(config.publicUrl, created.testCode),
        testsAvailable: created.testsAvailable,
      });
    },
  );

  // Registered before `/api/assessments/:id`; the router prefers the static path anyway.
  r.get(
    '/api/assessments/export.csv',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary:
          'The assessments the caller may see in their current view, as CSV (streamed): all of them, or those the ' +
          "dashboard's search, status and form filters list. `precision=full` keeps exact " +
          'raw scores and z; the default rounds them to two decimals as every page shows them. Columns: ' +
          '/api/assessments/export-dictionary.csv',
        querystring: ZExportQuery,
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const stream = await exportAssessments({
        database,
        session: requireSession(request),
        now,
        ip: request.ip,
        normTables: app.deps.normTables,
        precision: request.query.precision,
        filters: { search: request.query.search, status: request.query.status, form: request.query.form ?? null },
        onError: (error) => request.log.error({ err: error }, 'CSV export failed part-way'),
      });
      const day = now.toISOString().slice(0, 10);
      return sendCsv(reply, stream, `assessments-${day}.csv`);
    },
  );

  r.get(
    '/api/assessments/export-dictionary.csv',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary:
          'The data dictionary of export.csv: every column, its values, and where its numbers come from (norm ' +
          'samples, N, year, country, language, how each number was derived). No patient data.',
      },
    },
    async (request, reply) => {
      // In the reader's language (DESIGN.md "Languages"); the columns it describes keep their English names.
      const language = requestLanguage(request);
      return sendCsv(
        reply,
        encodeDataDictionaryCsv(buildDataDictionary(app.deps.normTables, language), language),
        'assessments-dictionary.csv',
      );
    },
  );

  r.get(
    '/api/assessments/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary: "A test's details (fields depend on the view); another clinician's test is a 404",
        params: ZAssessmentIdParams,
        response: { 200: ZAssessmentDetails, 404: ZApiError },
      },
    },
    async (request) => {
      const now = clock.now();
      const { found, view, isShared } = await viewAssessment({
        db,
        session: requireSession(request),
        id: request.params.id,
        now,
        ip: request.ip,
      });
      return presentDetails(found, {
        view,
        isShared,
        publicUrl: config.publicUrl,
        now,
        catalogue,
        linkCodes: app.deps.linkCodes,
      });
    },
  );

  r.post(
    '/api/assessments/:id/extend',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary: 'Give an unfinished test 30 more days (from its due date, or from now when already expired)',
        params: ZAssessmentIdParams,
        response: { 200: ZExtendAssessmentResponse, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      extendAssessment({
        db,
        session: requireSession(request),
        id: request.params.id,
        now: clock.now(),
        ip: request.ip,
      }),
  );
}
