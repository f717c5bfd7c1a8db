import type { Db } from '../db/database';
import { auditEvents } from '../db/schema';

export type AuditAction =
  | 'login'
  | 'logout'
  | 'assessment.create'
  | 'assessment.view'
  | 'assessment.results'
  | 'assessment.report'
  | 'assessment.export'
  | 'assessment.extend'
  | 'assessment.consent'
  | 'assessment.submit'
  | 'assessment.language'
  | 'assessment.history'
  | 'assessment.refused'
  | 'patient.timeline'
  | 'patient.compare'
  | 'patient.export'
  | 'patient.share'
  | 'patient.unshare'
  | 'patient.shared'
  | 'patient.erase'
  | 'fhir.search'
  | 'credits.grant'
  | 'credits.sync'
  | 'message.queued'
  | 'message.sent'
  | 'message.failed'
  | 'message.unknown'
  | 'message.bounced'
  | 'message.cancelled'
  | 'message.reminders'
  | 'message.opt-out'
  | 'settings.update'
  | 'retest.start'
  | 'retest.update'
  | 'retest.run';

export interface AuditEvent {
  actor: string;
  action: AuditAction;
  assessmentId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
  at?: Date;
}

/** Every read of patient data and every change is recorded (DESIGN.md "Data model"). */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await auditInsert(db, event);
}

/**
 * The insert of audit rows, not yet run: awaited alone by recordAudit, or written into a larger statement (messages'
 * outcomes and their audit rows in one) so both are stored at once.
 */
export function auditInsert(db: Db, events: AuditEvent | AuditEvent[]) {
  const row = (event: AuditEvent) => ({
    actor: event.actor,
    action: event.action,
    assessmentId: event.assessmentId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? null,
    ...(event.at ? { at: event.at } : {}),
  });
  return db.insert(auditEvents).values(Array.isArray(events) ? events.map(row) : [row(events)]);
}
