import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDiagnosesQuery, ZDiagnosisCatalogue } from '@pid5/contract';

export function registerDiagnosesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = app.deps;

  r.get(
    '/api/diagnoses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['diagnoses'],
        summary: 'The diagnosis catalogue, optionally filtered (case-insensitive on code and description)',
        querystring: ZDiagnosesQuery,
        response: { 200: ZDiagnosisCatalogue },
      },
    },
    async (request) => ({ version: catalogue.version, items: catalogue.search(request.query.q) }),
  );
}
