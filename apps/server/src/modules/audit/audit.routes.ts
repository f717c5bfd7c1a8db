import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_PAGE_SIZE, ZAuditPage, ZAuditQuery, type TAuditAction } from '@pid5/contract';
import type { AuditAction } from '../../audit/audit-log-writer';
import { findAssessmentIdsForPatient } from '../assessments/assessments.service';
import { listAuditEvents } from './audit.repo';

// The contract's list of actions and the server's AuditAction must stay one set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const actionsMatch: Same<AuditAction, TAuditAction> = true;
void actionsMatch;

export function registerAuditRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  r.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, filtered by action, actor, assessment and patient ID',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (request) => {
      const { page, action, actor, assessmentId, patientId } = request.query;
      // A patient ID names tests (of any clinician: the audit log is the admin's); their events are listed.
      const assessmentIds = patientId === undefined ? undefined : await findAssessmentIdsForPatient({ db, patientId });
      const { rows, total } = await listAuditEvents(db, {
        filter: { action, actor, assessmentId, assessmentIds },
        limit: AUDIT_PAGE_SIZE,
        offset: (page - 1) * AUDIT_PAGE_SIZE,
      });
      return {
        items: rows.map(({ event, actorName }) => ({
          id: event.id,
          at: event.at.toISOString(),
          actor: event.actor,
          actorName: actorName ?? null,
          action: event.action,
          assessmentId: event.assessmentId,
          ip: event.ip,
          details: (event.details as Record<string, unknown> | null) ?? null,
        })),
        page,
        pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
        total,
      };
    },
  );
}
