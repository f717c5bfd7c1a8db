import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { isLanguage, type Language } from '@pid5/i18n';
import { auditInsert, type AuditEvent } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import { assessments, messageContacts, messages, users } from '../../db/schema';

// The messages' SQL (DESIGN.md "Messages to patients and clinicians").

export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof messageContacts.$inferSelect;
export type MessageKind = MessageRow['kind'];

/** Rows of a raw statement, from either driver. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export async function findContact(db: Db, assessmentId: number): Promise<ContactRow | null> {
  const rows = await db.select().from(messageContacts).where(eq(messageContacts.assessmentId, assessmentId)).limit(1);
  return rows[0] ?? null;
}

/** Stores (or replaces) the address for a test; the first invitation's time stays the reminders' start. */
export async function saveContact(
  db: Db,
  contact: {
    assessmentId: number;
    email: string;
    emailMasked: string;
    /** A new mobile number; undefined keeps the one stored. */
    phone?: { phone: string; masked: string };
    now: Date;
  },
): Promise<void> {
  const phone = contact.phone ? { phone: contact.phone.phone, phoneMasked: contact.phone.masked } : {};
  await db
    .insert(messageContacts)
    .values({
      assessmentId: contact.assessmentId,
      email: contact.email,
      emailMasked: contact.emailMasked,
      invitedAt: contact.now,
      ...phone,
    })
    .onConflictDoUpdate({
      target: messageContacts.assessmentId,
      set: { email: contact.email, emailMasked: contact.emailMasked, emailErasedAt: null, ...phone },
    });
}

export async function setRemindersEnabled(db: Db, assessmentId: number, enabled: boolean): Promise<boolean> {
  const rows = await db
    .update(messageContacts)
    .set({ remindersEnabled: enabled })
    .where(eq(messageContacts.assessmentId, assessmentId))
    .returning({ id: messageContacts.assessmentId });
  return rows.length > 0;
}

/** Records the patient's opt-out (the first one counts); true when this call recorded it. */
export async function recordOptOut(db: Db, assessmentId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(messageContacts)
    .set({ optedOutAt: now })
    .where(and(eq(messageContacts.assessmentId, assessmentId), sql`${messageContacts.optedOutAt} IS NULL`))
    .returning({ id: messageContacts.assessmentId });
  return rows.length > 0;
}

/** Erases one test's stored address (submitted), with the addresses its messages were queued for. */
export async function eraseContactEmail(db: Db, assessmentId: number, now: Date): Promise<void> {
  await db
    .update(messages)
    .set({ address: null })
    .where(and(eq(messages.assessmentId, assessmentId), sql`${messages.address} IS NOT NULL`));
  await db
    .update(messageContacts)
    .set({ email: null, phone: null, emailErasedAt: now })
    .where(
      and(
        eq(messageContacts.assessmentId, assessmentId),
        sql`(${messageContacts.email} IS NOT NULL OR ${messageContacts.phone} IS NOT NULL)`,
      ),
    );
}

/** Erases the stored address of every test that is submitted or past its due date; returns how many. */
export async function eraseEndedContactEmails(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    WITH erased AS (
      UPDATE message_contacts c SET email = NULL, phone = NULL, email_erased_at = ${now.toISOString()}::timestamptz
      FROM assessments a
      WHERE c.assessment_id = a.id AND (c.email IS NOT NULL OR c.phone IS NOT NULL)
        AND (a.finished_at IS NOT NULL OR a.due_at <= ${now.toISOString()}::timestamptz)
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM erased`);
  await db.execute(sql`
    UPDATE messages m SET address = NULL
    FROM assessments a
    WHERE m.assessment_id = a.id AND m.address IS NOT NULL
      AND (a.finished_at IS NOT NULL OR a.due_at <= ${now.toISOString()}::timestamptz)`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** A message to queue: what its row records. */
export interface NewMessage {
  assessmentId: number;
  clinicianId: string;
  kind: MessageKind;
  recipient: 'patient' | 'clinician';
  channel?: 'email' | 'sms';
  dedupeKey: string | null;
  now: Date;
  /** A patient message's address (or number): it is sent there, whatever the contact holds by then. */
  address?: { address: string; masked: string };
}

/** Inserts a message; null when one with the same dedupe key exists (queued by another run or process). */
export async function insertMessage(db: Db, message: NewMessage): Promise<number | null> {
  const rows = await db
    .insert(messages)
    .values({
      assessmentId: message.assessmentId,
      clinicianId: message.clinicianId,
      kind: message.kind,
      recipient: message.recipient,
      channel: message.channel ?? 'email',
      dedupeKey: message.dedupeKey,
      address: message.address?.address ?? null,
      addressMasked: message.address?.masked ?? null,
      createdAt: message.now,
      updatedAt: message.now,
    })
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning({ id: messages.id });
  return rows[0]?.id ?? null;
}

export async function listContactsOf(db: Db, assessmentIds: number[]): Promise<ContactRow[]> {
  return db
    .select()
    .from(messageContacts)
    .where(inArray(messageContacts.assessmentId, assessmentIds))
    .orderBy(asc(messageContacts.assessmentId));
}

export async function listMessagesOf(db: Db, assessmentIds: number[]): Promise<MessageRow[]> {
  return db.select().from(messages).where(inArray(messages.assessmentId, assessmentIds)).orderBy(asc(messages.id));
}

export async function listMessages(db: Db, assessmentId: number): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.assessmentId, assessmentId)).orderBy(asc(messages.id));
}

/** A message taken for sending with its test's send context, or found mid-send after a stop (`stale`). */
export type MessageClaim = { claimed: MessageRow; context: SendContext | null } | { stale: MessageRow };

/**
 * Takes messages for sending: each queued or failed one (a retry) becomes `sending`, with its test's send context, in
 * one statement for the whole batch. A message found `sending` was being sent when a process stopped: whether it went
 * out is unknown, so it is not sent again (`stale`, settled `unknown`). Messages sent, bounced or cancelled already
 * are left out.
 */
export async function claimMessages(db: Db, ids: number[], now: Date): Promise<Map<number, MessageClaim>> {
  const taken = new Map<number, MessageClaim>();
  if (ids.length === 0) {
    return taken;
  }
  const claimed = await db
    .update(messages)
    .set({ state: 'sending', attempts: sql`${messages.attempts} + 1`, updatedAt: now })
    .where(and(inArray(messages.id, ids), sql`${messages.state} IN ('queued', 'failed')`))
    .returning({ ...getTableColumns(messages), context: sendContextJson(sql`${messages.assessmentId}`) });
  for (const { context, ...message } of claimed) {
    taken.set(message.id, { claimed: message, context: parseSendContext(context) });
  }
  const rest = ids.filter((id) => !taken.has(id));
  if (rest.length > 0) {
    // A second turn only when some were not taken (a job run twice, or a stop mid-send).
    const stale = await db
      .select()
      .from(messages)
      .where(and(inArray(messages.id, rest), eq(messages.state, 'sending')));
    for (const row of stale) {
      taken.set(row.id, { stale: row });
    }
  }
  return taken;
}

/** A message's outcome and the audit row that records it. */
export interface MessageOutcome {
  id: number;
  state: 'sent' | 'failed' | 'unknown' | 'bounced' | 'cancelled';
  response: string | null;
  now: Date;
  audit: Omit<AuditEvent, 'at' | 'ip'>;
}

/**
 * Records messages' outcomes and their audit rows in one statement (atomic as a transaction, without holding the
 * embedded database across several turns while answer saves wait). The audit rows are written even if a row is gone.
 */
export async function finishMessages(db: Db, outcomes: MessageOutcome[]): Promise<void> {
  if (outcomes.length === 0) {
    return;
  }
  const values = sql.join(
    outcomes.map(
      (o) => sql`(${o.id}::bigint, ${o.state}::text, ${o.response}::text, ${o.now.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  // getSQL(): the builder's own statement, not wrapped in parentheses as a subquery would be.
  const audited = auditInsert(
    db,
    outcomes.map((o) => ({ ...o.audit, at: o.now })),
  );
  await db.execute(sql`
    WITH outcome (id, state, response, at) AS (VALUES ${values}),
    finished AS (
      UPDATE messages m
      SET state = outcome.state, last_response = outcome.response, updated_at = outcome.at,
          sent_at = CASE WHEN outcome.state = 'sent' THEN outcome.at ELSE m.sent_at END
      FROM outcome WHERE m.id = outcome.id
    )
    ${audited.getSQL()}`);
}

/** What sending one message needs: the test's dates, link and language, the address, the clinician's choices. */
export interface SendContext {
  assessmentId: number;
  clinicianId: string;
  form: 'FULL' | 'SF' | 'BF';
  dueAt: Date;
  finishedAt: Date | null;
  linkNonce: string | null;
  testCode: string | null;
  /** The test's language: the patient's messages and opt-out page are in it. */
  language: Language;
  /** The clinician's chosen language for the messages to them. */
  clinicianLanguage: Language;
  patientEmail: string | null;
  patientPhone: string | null;
  remindersEnabled: boolean;
  optedOut: boolean;
  clinicianEmail: string | null;
  completionNotices: boolean;
  /** The test is a run of a re-test series: its invitation says it is a follow-up. */
  isFollowUp: boolean;
}

export async function loadSendContext(db: Db, assessmentId: number): Promise<SendContext | null> {
  const result = await db.execute(sql`SELECT ${sendContextJson(sql`${assessmentId}`)} AS context`);
  return parseSendContext(rowsOf<{ context: unknown }>(result)[0]?.context);
}

/** A test's send context as one JSON value (null when the test is gone): a column of a claim's RETURNING. */
function sendContextJson(assessmentId: SQL) {
  return sql<unknown>`(
    SELECT json_build_object(
      'id', a.id, 'clinician_id', a.clinician_id, 'form', a.form, 'due_at', a.due_at, 'finished_at', a.finished_at,
      'link_nonce', a.link_nonce, 'test_code', a.test_code, 'language', a.language,
      'message_language', u.message_language, 'patient_email', c.email, 'patient_phone', c.phone,
      'reminders_enabled', coalesce(c.reminders_enabled, false), 'opted_out', c.opted_out_at IS NOT NULL,
      'clinician_email', u.email, 'completion_notices', u.completion_notices,
      'is_follow_up', EXISTS (SELECT 1 FROM retest_runs r WHERE r.assessment_id = a.id))
    FROM assessments a
    JOIN users u ON u.id = a.clinician_id
    LEFT JOIN message_contacts c ON c.assessment_id = a.id
    WHERE a.id = ${assessmentId})`;
}

function parseSendContext(value: unknown): SendContext | null {
  // json arrives parsed from both drivers; text only if a driver leaves it so.
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null | undefined;
  if (!row) {
    return null;
  }
  return {
    assessmentId: Number(row.id),
    clinicianId: String(row.clinician_id),
    form: row.form as SendContext['form'],
    dueAt: new Date(row.due_at as string),
    finishedAt: row.finished_at ? new Date(row.finished_at as string) : null,
    linkNonce: (row.link_nonce as string | null) ?? null,
    testCode: (row.test_code as string | null) ?? null,
    language: isLanguage(row.language) ? row.language : 'en',
    clinicianLanguage: isLanguage(row.message_language) ? row.message_language : 'en',
    patientEmail: (row.patient_email as string | null) ?? null,
    patientPhone: (row.patient_phone as string | null) ?? null,
    remindersEnabled: Boolean(row.reminders_enabled),
    optedOut: Boolean(row.opted_out),
    clinicianEmail: (row.clinician_email as string | null) ?? null,
    completionNotices: Boolean(row.completion_notices),
    isFollowUp: Boolean(row.is_follow_up),
  };
}

/** Open tests with an address, reminders on and no opt-out: the reminder scan's candidates. */
export async function listReminderCandidates(
  db: Db,
  now: Date,
): Promise<
  {
    assessmentId: number;
    clinicianId: string;
    invitedAt: Date;
    dueAt: Date;
    email: string;
    phone: string | null;
    lastPatientMessageAt: Date | null;
  }[]
> {
  const result = await db.execute(sql`
    SELECT a.id, a.clinician_id, c.invited_at, a.due_at, c.email, c.phone,
           (SELECT max(m.created_at) FROM messages m WHERE m.assessment_id = a.id AND m.recipient = 'patient')
             AS last_patient_message_at
    FROM message_contacts c
    JOIN assessments a ON a.id = c.assessment_id
    WHERE c.email IS NOT NULL AND c.reminders_enabled AND c.opted_out_at IS NULL
      AND a.finished_at IS NULL AND a.due_at > ${now.toISOString()}::timestamptz`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    assessmentId: Number(row.id),
    clinicianId: String(row.clinician_id),
    invitedAt: new Date(row.invited_at as string),
    dueAt: new Date(row.due_at as string),
    email: String(row.email),
    phone: (row.phone as string | null) ?? null,
    lastPatientMessageAt: row.last_patient_message_at ? new Date(row.last_patient_message_at as string) : null,
  }));
}

export async function findMessageSettings(
  db: Db,
  userId: string,
): Promise<{ completionNotices: boolean; messageLanguage: Language }> {
  const rows = await db
    .select({ completionNotices: users.completionNotices, messageLanguage: users.messageLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { completionNotices: rows[0]?.completionNotices ?? true, messageLanguage: rows[0]?.messageLanguage ?? 'en' };
}

export async function saveMessageSettings(
  db: Db,
  userId: string,
  settings: { completionNotices?: boolean | undefined; messageLanguage?: Language | undefined },
): Promise<void> {
  await db
    .update(users)
    .set({
      ...(settings.completionNotices === undefined ? {} : { completionNotices: settings.completionNotices }),
      ...(settings.messageLanguage === undefined ? {} : { messageLanguage: settings.messageLanguage }),
    })
    .where(eq(users.id, userId));
}

/** The language a test is given in, or null when there is no such test. */
export async function findTestLanguage(db: Db, assessmentId: number): Promise<Language | null> {
  const rows = await db
    .select({ language: assessments.language })
    .from(assessments)
    .where(eq(assessments.id, assessmentId))
    .limit(1);
  return rows[0]?.language ?? null;
}

/** How many messages wait to be settled, by state (for the metrics: counts only). */
export async function countUnsettledMessages(db: Db): Promise<{ queued: number; sending: number; failed: number }> {
  const rows = await db
    .select({ state: messages.state, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(sql`${messages.state} IN ('queued', 'sending', 'failed')`)
    .groupBy(messages.state);
  const counts = { queued: 0, sending: 0, failed: 0 };
  for (const row of rows) {
    if (row.state === 'queued' || row.state === 'sending' || row.state === 'failed') {
      counts[row.state] = Number(row.count);
    }
  }
  return counts;
}
