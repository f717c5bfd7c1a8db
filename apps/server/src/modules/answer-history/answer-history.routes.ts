import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANSWER_HISTORY_LIMIT, API_SCHEMAS, ZApiError, ZAssessmentIdParams } from '@pid5/contract';
import { requireSession } from '../../http/access';
import { readAnswerHistory } from './answer-history.service';

/**
 * `GET /api/assessments/{id}/answer-history` (the admin data view): every change of the test's answers, who made it
 * and when. Admins only (the raw answers are the data view's), and only for the tests their current view shows.
 */
export function registerAnswerHistoryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;

  r.get(
    '/api/assessments/:id/answer-history',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['results'],
        summary: `Every change of the answers (newest ${ANSWER_HISTORY_LIMIT}): item, before and after, when, by whom`,
        params: ZAssessmentIdParams,
        response: { 200: API_SCHEMAS.getAnswerHistory.response, 404: ZApiError },
      },
    },
    async (request) =>
      readAnswerHistory({
        db: database.db,
        session: requireSession(request),
        id: request.params.id,
        now: clock.now(),
        ip: request.ip,
      }),
  );
}
