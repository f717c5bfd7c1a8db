import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdministrationComparison,
  ZApiError,
  ZAssessmentIdParams,
  ZCompareQuery,
  ZPatientTimeline,
  ZReportQuery,
  ZSharedWithMe,
  ZShareRequest,
  ZShareResponse,
} from '@pid5/contract';
import { PID5_RELIABILITY } from '@pid5/instrument';
import { requireSession } from '../../http/access';
import {
  comparePatientAdministrations,
  createComparisonReport,
  exportPatientScores,
  listPatientsSharedWithMe,
  revokePatientShare,
  sharePatient,
  viewPatientTimeline,
} from './patients.service';
import { sendCsv, sendPdf } from '../../http/downloads';
import { reportRequestOf } from '../results/report-request';
import { requestLanguage } from '../../i18n/request-language';

// One patient over time (DESIGN.md "Patients over time"), anchored on one of the patient's tests. Thin: validate,
// call the service (which decides access and audits), send.

export function registerPatientsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, normTables, pdfPool } = app.deps;
  const reliability = app.deps.reliability ?? PID5_RELIABILITY;
  const db = database.db;

  r.get(
    '/api/assessments/:id/patient',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: 'The patient of this test: every administration the caller may see (newest first) and its shares',
        params: ZAssessmentIdParams,
        response: { 200: ZPatientTimeline, 404: ZApiError },
      },
    },
    async (request) =>
      viewPatientTimeline({
        db,
        session: requireSession(request),
        id: request.params.id,
        now: clock.now(),
        normTables,
        itemSets: app.deps.itemSets,
        ip: request.ip,
        language: requestLanguage(request),
      }),
  );

  r.post(
    '/api/assessments/:id/patient/shares',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: "Let a colleague read every administration of this test's patient (owner or admin)",
        params: ZAssessmentIdParams,
        body: ZShareRequest,
        response: { 200: ZShareResponse, 400: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      sharePatient({
        db,
        session: requireSession(request),
        id: request.params.id,
        granteeId: request.body.granteeId,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  r.post(
    '/api/assessments/:id/patient/shares/revoke',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: "End a colleague's read access to this test's patient (owner or admin)",
        params: ZAssessmentIdParams,
        body: ZShareRequest,
        response: { 200: ZShareResponse, 400: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      revokePatientShare({
        db,
        session: requireSession(request),
        id: request.params.id,
        granteeId: request.body.granteeId,
        now: clock.now(),
        ip: request.ip,
      }),
  );

  r.get(
    '/api/assessments/:id/compare',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary:
          'Two completed tests of one patient side by side, with reliable change where a reliability is published',
        params: ZAssessmentIdParams,
        querystring: ZCompareQuery,
        response: { 200: ZAdministrationComparison, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      comparePatientAdministrations({
        db,
        session: requireSession(request),
        id: request.params.id,
        withId: request.query.with,
        now: clock.now(),
        normTables,
        reliability,
        itemSets: app.deps.itemSets,
        ip: request.ip,
        language: requestLanguage(request),
      }),
  );

  r.get(
    '/api/assessments/:id/compare.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: 'The comparison of two completed tests of one patient as a PDF; `tz` is the time zone for the date',
        params: ZAssessmentIdParams,
        querystring: ZCompareQuery.extend({ tz: ZReportQuery.shape.tz }),
        // 200 is application/pdf; errors (400, 404, 409 TEST_INCOMPLETE, 503) are the usual error body.
      },
    },
    async (request, reply) => {
      const pdf = await createComparisonReport({
        db,
        session: requireSession(request),
        id: request.params.id,
        withId: request.query.with,
        normTables,
        reliability,
        itemSets: app.deps.itemSets,
        pdfPool,
        ...reportRequestOf(request, app.deps, request.query.tz),
      });
      return sendPdf(reply, pdf, 'comparison.pdf');
    },
  );

  r.get(
    '/api/assessments/:id/patient.csv',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: "The patient's completed administrations as CSV, one row per administration and scale",
        params: ZAssessmentIdParams,
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const csv = await exportPatientScores({
        db,
        session: requireSession(request),
        id: request.params.id,
        now,
        normTables,
        ip: request.ip,
      });
      return sendCsv(reply, csv, `patient-scores-${now.toISOString().slice(0, 10)}.csv`);
    },
  );

  r.get(
    '/api/patients/shared-with-me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['patients'],
        summary: 'The patients other clinicians have shared with the caller (read only), newest share first',
        response: { 200: ZSharedWithMe },
      },
    },
    async (request) =>
      listPatientsSharedWithMe({ db, session: requireSession(request), now: clock.now(), ip: request.ip }),
  );
}
