import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TAuditAction } from '@pid5/contract';
import type { Db } from '../../db/database';
import { auditEvents, users } from '../../db/schema';

export interface AuditFilter {
  action?: TAuditAction;
  actor?: string;
  assessmentId?: number;
  /** Only events of these tests (the tests of a patient ID); an empty list matches nothing. */
  assessmentIds?: number[];
}

function filterCondition(filter: AuditFilter) {
  return and(
    filter.action === undefined ? undefined : eq(auditEvents.action, filter.action),
    filter.actor === undefined || filter.actor === '' ? undefined : eq(auditEvents.actor, filter.actor),
    filter.assessmentId === undefined ? undefined : eq(auditEvents.assessmentId, filter.assessmentId),
    filter.assessmentIds === undefined
      ? undefined
      : filter.assessmentIds.length === 0
        ? sql`false`
        : inArray(auditEvents.assessmentId, filter.assessmentIds),
  );
}

/** Audit events, newest first, with the actor's name when the actor is a user. */
export async function listAuditEvents(db: Db, options: { filter: AuditFilter; limit: number; offset: number }) {
  const where = filterCondition(options.filter);
  const [total] = await db.select({ n: count() }).from(auditEvents).where(where);
  const rows = await db
    .select({ event: auditEvents, actorName: users.username })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actor))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: total?.n ?? 0 };
}
