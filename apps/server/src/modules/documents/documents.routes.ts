import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTermsDocument } from '@pid5/contract';
import { notFound } from '../../errors';
import { requestLanguage } from '../../i18n/request-language';
import { getCurrentDocumentIn } from './documents.service';

export function registerDocumentsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/documents/terms',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['documents'],
        summary:
          'The current terms and conditions for creating a test, in the reader’s language (cookie pid5_lang, else ' +
          'Accept-Language; English where none is published in it); HTML sanitised when stored',
        response: { 200: ZTermsDocument },
      },
    },
    async (request) => {
      const terms = await getCurrentDocumentIn(app.deps.database.db, 'terms', requestLanguage(request));
      if (!terms) {
        throw notFound('errors.noTermsPublished');
      }
      return { id: terms.id, version: terms.version, bodyHtml: terms.bodyHtml };
    },
  );
}
