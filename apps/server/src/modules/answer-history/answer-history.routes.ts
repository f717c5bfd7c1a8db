import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANSWER_HISTORY_LIMIT, ZAnswerHistory, ZApiError, ZAssessmentIdParams } from '@pid5/contract';
import { recordAudit } from '../../audit/audit';
import { requireSession } from '../../http/access';
import { findVisibleAssessment } from '../results/results.service';
import { presentAnswerChange } from './answer-history.presenter';
import { listAnswerChanges } from './answer-history.repo';

/**
 * `GET /api/assessments/{id}/answer-history` (the admin data view): every change of the test's answers, who made it
 * and when. Admins only (the raw answers are the data view's), and only for the tests their current view shows;
 * audited as a read of patient data.
 */
export function registerAnswerHistoryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;

  r.get(
    '/api/assessments/:id/answer-history',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['results'],
        summary: `Every change of the answers (newest ${ANSWER_HISTORY_LIMIT}): item, before and after, when, by whom`,
        params: ZAssessmentIdParams,
        response: { 200: ZAnswerHistory, 404: ZApiError },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { found, view } = await findVisibleAssessment({ db, session, id: request.params.id });
      const history = await listAnswerChanges(db, { assessmentId: found.assessment.id, limit: ANSWER_HISTORY_LIMIT });
      await recordAudit(db, {
        actor: session.user.id,
        action: 'assessment.history',
        assessmentId: found.assessment.id,
        ip: request.ip,
        at: clock.now(),
        details: { view, changes: history.total },
      });
      return { items: history.rows.map(presentAnswerChange), total: history.total };
    },
  );
}
