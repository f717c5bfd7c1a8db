import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_SCHEMAS, ZApiError } from '@pid5/contract';
import { requireSession } from '../../http/access';
import { attachment } from '../../http/downloads';
import { erasePatientOnRequest, exportPatientData } from './patient-data.service';

/**
 * The admin's routes for one patient's data as a whole (DESIGN.md "Erasure, access and retention"): the export of
 * everything stored about the patient, and its erasure.
 */
export function registerPatientDataRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, itemSets, normTables } = app.deps;
  const db = database.db;

  r.get(
    '/api/admin/patients/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Everything stored about one patient (a clinician and an exact patient identifier), as a JSON file',
        querystring: API_SCHEMAS.exportPatientData.query,
        response: { 200: API_SCHEMAS.exportPatientData.response, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const data = await exportPatientData({
        db,
        session: requireSession(request),
        query: request.query,
        now,
        ip: request.ip,
        itemSets,
        normTables,
      });
      attachment(reply, `patient-data-${now.toISOString().slice(0, 10)}.json`);
      return data;
    },
  );

  r.post(
    '/api/admin/patients/erase',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Erases one patient's tests, answers, answer history and shares; the tests stay used purchased tests",
        body: API_SCHEMAS.erasePatient.body,
        response: { 200: API_SCHEMAS.erasePatient.response, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      erasePatientOnRequest({
        db,
        session: requireSession(request),
        request: request.body,
        now: clock.now(),
        ip: request.ip,
      }),
  );
}
