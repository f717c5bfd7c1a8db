import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZExtendAssessmentResponse, type TExtendAssessmentResponse } from '@pid5/contract';
import type { ActiveSession } from '../../auth/sessions';
import { recordAudit } from '../../audit/audit';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { requireSession } from '../../http/access';
import { extendDueDate, findTestForExtend } from './patient.repo';

export const EXTEND_DAYS = 30;

const ZIdParams = z.object({ id: z.coerce.number('Not a test id').int('Not a test id').positive('Not a test id') });

/**
 * Reopens an unfinished test for another 30 days (DESIGN.md §4: "the clinician can extend it by 30 days"):
 * new due date = max(due date, now) + 30 days. The owner clinician, or an admin in admin view; anyone else
 * gets 404, as if the test did not exist.
 */
export async function extendAssessment(options: {
  db: Db;
  id: number;
  session: ActiveSession;
  now: Date;
  ip: string;
}): Promise<TExtendAssessmentResponse> {
  const { db, id, session, now } = options;
  const test = await findTestForExtend(db, id);
  const isAdminView = session.user.role === 'admin' && session.viewMode === 'admin';
  if (!test || (!isAdminView && test.clinicianId !== session.user.id)) {
    throw notFound('Assessment not found');
  }
  if (test.finishedAt) {
    throw new AppError('TEST_COMPLETED', 'This test has been completed, so it cannot be extended.');
  }
  const extended = await extendDueDate(db, { id, now, days: EXTEND_DAYS });
  if (!extended) {
    throw new AppError('TEST_COMPLETED', 'This test has been completed, so it cannot be extended.');
  }
  await recordAudit(db, {
    actor: session.user.id,
    action: 'assessment.extend',
    assessmentId: id,
    ip: options.ip,
    details: { previousDueAt: test.dueAt.toISOString(), dueAt: extended.dueAt.toISOString() },
    at: now,
  });
  return { dueAt: extended.dueAt.toISOString() };
}

export function registerExtendRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/assessments/:id/extend',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['assessments'],
        summary: 'Give an unfinished test 30 more days (from its due date, or from now when already expired)',
        params: ZIdParams,
        response: { 200: ZExtendAssessmentResponse, 400: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      extendAssessment({
        db: app.deps.database.db,
        id: request.params.id,
        session: requireSession(request),
        now: app.deps.clock.now(),
        ip: request.ip,
      }),
  );
}
