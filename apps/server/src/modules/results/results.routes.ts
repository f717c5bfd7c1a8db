import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportFileName,
  ZApiError,
  ZAssessmentIdParams,
  ZAssessmentResults,
  ZReportQuery,
  ZScoreReportQuery,
} from '@pid5/contract';
import { requireSession } from '../../http/access';
import { requestLanguage } from '../../i18n/request-language';
import { reportRequestOf } from './report-request';
import { createReport, createScoreReport, viewResults } from './results.service';
import { sendPdf } from '../../http/downloads';

/**
 * `GET /api/assessments/{id}/results` (data view, results panel) and `GET /api/assessments/{id}/report.pdf`
 * (docs/product-spec.md §2 "Download PDF"). Same access rule as the details: the owning clinician, or an admin in the admin view.
 */
export function registerResultsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSets, normTables, pdfPool } = app.deps;
  const db = database.db;

  r.get(
    '/api/assessments/:id/results',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['results'],
        summary:
          'Facet and domain scores, standardised scores (US and German norms), levels and validity. Completed ' +
          'tests: the scores frozen at submission; unfinished tests: computed now (admin view only, else 409).',
        params: ZAssessmentIdParams,
        response: { 200: ZAssessmentResults, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) => {
      const results = await viewResults({
        db,
        session: requireSession(request),
        id: request.params.id,
        itemSets,
        normTables,
        now: clock.now(),
        ip: request.ip,
        // The validity sentences in the reader's language (cookie, else Accept-Language).
        language: requestLanguage(request),
      });
      if (results.status === 'completed' && config.env !== 'test') {
        // Whoever looks at a completed test's results may download its report next: have a worker ready (not in
        // the test suites, where dozens of servers would each start one for nothing).
        pdfPool.warm();
      }
      return results;
    },
  );

  r.get(
    '/api/assessments/:id/report.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['results'],
        summary:
          'The PDF report of a completed test, drawn on the server from the stored scores. `name` is printed as ' +
          "plain text (admins in the admin view always get 'Anonymous'); `tz` is the browser's time zone for the date.",
        params: ZAssessmentIdParams,
        querystring: ZReportQuery,
        // 200 is application/pdf; errors (400, 404, 409 TEST_INCOMPLETE, 503) are the usual error body.
      },
    },
    async (request, reply) => {
      const pdf = await createReport({
        db,
        session: requireSession(request),
        id: request.params.id,
        itemSets,
        normTables,
        pdfPool,
        requestedName: request.query.name,
        ...reportRequestOf(request, app.deps, request.query.tz),
      });
      return sendPdf(reply, pdf, reportFileName('report', request.params.id, clock.now()));
    },
  );

  r.get(
    '/api/assessments/:id/score-report.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['results'],
        summary:
          "The clinician's score report of a completed test (PDF): patient id, dates, form, item set, norms; the " +
          "validity table first; every scale's raw score, US T, percentile and level, German z; the profile in T; " +
          'missing items; the answers by item number. Same access rule, queue and audit action as report.pdf.',
        params: ZAssessmentIdParams,
        querystring: ZScoreReportQuery,
        // 200 is application/pdf; errors (400, 404, 409 TEST_INCOMPLETE, 503) are the usual error body.
      },
    },
    async (request, reply) => {
      const pdf = await createScoreReport({
        db,
        session: requireSession(request),
        id: request.params.id,
        itemSets,
        normTables,
        pdfPool,
        ...reportRequestOf(request, app.deps, request.query.tz),
      });
      return sendPdf(reply, pdf, reportFileName('score-report', request.params.id, clock.now()));
    },
  );
}
