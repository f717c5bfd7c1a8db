import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANONYMOUS_REPORT_NAME,
  ZApiError,
  ZAssessmentIdParams,
  ZAssessmentResults,
  ZReportQuery,
} from '@pid5/contract';
import { recordAudit } from '../../audit/audit';
import { requireSession } from '../../http/access';
import { createPdfPool, PdfRenderError, type PdfPool } from '../../reports/pdf-pool';
import { formatReportDate } from '../../reports/report-date';
import { resolveReportName } from '../../reports/report-name';
import { AppError } from '../../errors';
import { buildResults, findVisibleAssessment, testIncomplete } from './results.service';

/**
 * `GET /api/assessments/{id}/results` (data view, results panel) and `GET /api/assessments/{id}/report.pdf`
 * (spec §2 "Download PDF"). Same access rule as the details: the owning clinician, or an admin in the admin view.
 */
export function registerResultsRoutes(app: FastifyInstance, options: { pdfPool?: PdfPool } = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config, itemSet } = app.deps;
  const db = database.db;
  const pdfPool = options.pdfPool ?? createPdfPool();
  // After in-flight requests have finished (Fastify runs onClose then), so no report is cut off.
  app.addHook('onClose', async () => {
    await pdfPool.close();
  });

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
      const session = requireSession(request);
      const { found, view } = await findVisibleAssessment({ db, session, id: request.params.id });
      const results = buildResults({ row: found.assessment, view, itemSet });
      if (results.status === 'completed' && config.env !== 'test') {
        // Whoever looks at a completed test's results may download its report next: have a worker ready (not in
        // the test suites, where dozens of servers would each start one for nothing).
        pdfPool.warm();
      }
      await recordAudit(db, {
        actor: session.user.id,
        action: 'assessment.results',
        assessmentId: found.assessment.id,
        ip: request.ip,
        at: clock.now(),
        details: { view, status: results.status, scoresSource: results.scoresSource },
      });
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
      const session = requireSession(request);
      const { found, view } = await findVisibleAssessment({ db, session, id: request.params.id });
      if (!found.assessment.finishedAt) {
        throw testIncomplete();
      }
      const name = resolveReportName({ requested: request.query.name, isAdminView: view === 'admin' });
      const results = buildResults({ row: found.assessment, view, itemSet });
      const now = clock.now();
      const date = formatReportDate({
        date: now,
        acceptLanguage: request.headers['accept-language'],
        timeZone: request.query.tz,
      });
      let pdf: Uint8Array;
      try {
        pdf = await pdfPool.render(
          {
            name,
            dateText: date.text,
            // The report never prints the raw answers.
            results: { ...results, responses: null },
            instituteName: config.instituteName,
            copyrightYear: config.reportCopyrightYear ?? now.getUTCFullYear(),
          },
          // Users take turns in the pool's queue, so one user's many reports do not hold up everyone else's.
          { requester: session.user.id },
        );
      } catch (error) {
        if (error instanceof PdfRenderError) {
          request.log.error({ err: error, assessmentId: found.assessment.id }, 'PDF report failed');
          throw new AppError('INTERNAL', 'The report could not be created. Please try again.');
        }
        throw error;
      }
      await recordAudit(db, {
        actor: session.user.id,
        action: 'assessment.report',
        assessmentId: found.assessment.id,
        ip: request.ip,
        at: now,
        // Whether a name was printed, never the name itself: the audit log is not a second copy of patient data.
        details: {
          view,
          isAnonymous: name === ANONYMOUS_REPORT_NAME,
          locale: date.locale,
          scoresSource: results.scoresSource,
        },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="report.pdf"')
        .header('cache-control', 'no-store')
        .header('content-length', String(pdf.byteLength))
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
}
