import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTermsDocument } from '@pid5/contract';
import { notFound } from '../../errors';
import { findCurrentDocument } from './documents.repo';

export function registerDocumentsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/documents/terms',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['documents'],
        summary: 'The current terms and conditions for creating a test (HTML sanitised when stored)',
        response: { 200: ZTermsDocument },
      },
    },
    async () => {
      const terms = await findCurrentDocument(app.deps.database.db, 'terms');
      if (!terms) {
        throw notFound('errors.noTermsPublished');
      }
      return { id: terms.id, version: terms.version, bodyHtml: terms.bodyHtml };
    },
  );
}
