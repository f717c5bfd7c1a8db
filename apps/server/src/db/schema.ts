import { sql, type SQL } from 'drizzle-orm';
import { ADMINISTERED_FORM_IDS, administeredItemCount } from '@pid5/instrument';
import type { Language } from '@pid5/i18n';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The data model of DESIGN.md "Data model". The SQL migrations in ./migrations are the source of truth for
// the database; this file mirrors them for typed queries, and db/schema.int.test.ts fails on any
// difference (ARCHITECTURE.md, "Changing the database schema").

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** 0019: an e-mail to the clinician when a patient submits a test. */
    completionNotices: boolean('completion_notices').notNull().default(true),
    /** 0023: the language of the messages to this clinician (completion and re-test notices). */
    messageLanguage: text('message_language').$type<Language>().notNull().default('en'),
  },
  // Finding a user by e-mail ignores case (users.repo.ts).
  (t) => [
    index('users_email_lower').on(sql`lower(${t.email})`),
    // 0029: a language code's shape; which languages exist is the language registry's (files), not the database's.
    check('users_message_language_check', sql`${t.messageLanguage} ~ '^[a-z]{2,3}$'`),
  ],
);

export const identities = pgTable(
  'identities',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identities_provider_subject').on(t.provider, t.subject), index('identities_user').on(t.userId)],
);

export const localCredentials = pgTable('local_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  usernameKey: text('username_key').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    viewMode: text('view_mode', { enum: ['admin', 'clinician'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    idTokenHint: text('id_token_hint'),
    // 0003_session_provider_tokens.sql: the provider's member tokens, sealed (lib/seal.ts).
    providerTokens: text('provider_tokens'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** A login started at the institute's provider and not yet finished; deleted when its callback arrives. */
export const loginRequests = pgTable('login_requests', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
});

export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['terms', 'consent'] }).notNull(),
    version: integer('version').notNull(),
    bodyHtml: text('body_html').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 0018: each kind is versioned per language; every document published before is English. */
    language: text('language').$type<Language>().notNull().default('en'),
  },
  (t) => [
    uniqueIndex('documents_kind_language_version').on(t.kind, t.language, t.version),
    check('documents_language_check', sql`${t.language} ~ '^[a-z]{2,3}$'`),
  ],
);

export const testCredits = pgTable(
  'test_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clinicianId: text('clinician_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: ['admin', 'wix', 'demo'] }).notNull(),
    externalRef: text('external_ref'),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('test_credits_clinician').on(t.clinicianId),
    uniqueIndex('test_credits_source_ref').on(t.source, t.externalRef),
  ],
);

/**
 * The share of its form's items a test has answered, 0 to 1: the Questions Completed sort's key (0014), its
 * denominator the form's item count (administeredItemCount, as 0010's check on the answers' length). From answered_count
 * and form alone, which 0014's indexes also hold (INCLUDE, which Drizzle cannot declare and the schema check does not
 * compare), so paging by it is an index-only scan. Written as PostgreSQL prints it back, for the schema check.
 */
export function answeredShareOf(t: { answeredCount: AnyPgColumn; form: AnyPgColumn }): SQL {
  const lengths = ADMINISTERED_FORM_IDS.map((form) => `WHEN '${form}'::text THEN ${administeredItemCount(form)}`).join(
    ' ',
  );
  return sql`(((${t.answeredCount})::double precision / ( CASE ${t.form} ${sql.raw(lengths)} ELSE NULL::integer END)::double precision))`;
}

export const assessments = pgTable(
  'assessments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    testCodeHash: text('test_code_hash').notNull().unique(),
    /** Only on rows made before link nonces (0005); new rows derive the code from link_nonce. */
    testCode: text('test_code'),
    linkNonce: text('link_nonce'),
    clinicianId: text('clinician_id')
      .notNull()
      .references(() => users.id),
    patientId: text('patient_id').notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    race: text('race').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    dsmCodes: text('dsm_codes').array().notNull(),
    primaryDsm: text('primary_dsm').notNull(),
    termsId: bigint('terms_id', { mode: 'number' }).references(() => documents.id),
    createdAt: createdAt(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    consentId: bigint('consent_id', { mode: 'number' }).references(() => documents.id),
    consentAgreedAt: timestamp('consent_agreed_at', { withTimezone: true, mode: 'date' }),
    /** 0010: the form given; every test made before is a full form. 0028: the PID5BF+M. */
    form: text('form', { enum: ADMINISTERED_FORM_IDS }).notNull().default('FULL'),
    /** One character per item of the form (220, 100, 25 or 36; 0010 made it text), item 1 first, '9' unanswered. */
    responses: text('responses').notNull(),
    answeredCount: integer('answered_count').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    itemSetId: text('item_set_id'),
    instrumentVersion: text('instrument_version'),
    normsVersion: text('norms_version'),
    scores: jsonb('scores'),
    /** 0018: the language the test is given in (items, patient pages, consent); every test made before is English. */
    language: text('language').$type<Language>().notNull().default('en'),
    /** 0024: the create form's key for its intent (one test per key and clinician); tests made before have none. */
    requestKey: uuid('request_key'),
    // score_values double precision[] (0006): generated by the database from `scores`, read only by the CSV
    // export's SQL (score-values.ts); not declared here, so no insert or update can name it.
  },
  (t) => [
    // 0002_assessments_indexes.sql
    index('assessments_created').on(t.createdAt, t.id),
    // 0004_dashboard_paging_search.sql: each sort's columns and the id (index-only paging); 0014: the
    // Questions Completed sort by the share of the form answered (answeredShareOf above).
    index('assessments_clinician_created_id').on(t.clinicianId, t.createdAt, t.id),
    index('assessments_clinician_answered_share_id').on(t.clinicianId, answeredShareOf(t), t.createdAt, t.id),
    index('assessments_answered_share_created_id').on(answeredShareOf(t), t.createdAt, t.id),
    // 0012_assessment_counts.sql: the open tests by due date, for the status filters' counts.
    index('assessments_unfinished_due')
      .on(t.dueAt, t.answeredCount)
      .where(sql`${t.finishedAt} IS NULL`),
    uniqueIndex('assessments_clinician_request_key')
      .on(t.clinicianId, t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    check('assessments_language_check', sql`${t.language} ~ '^[a-z]{2,3}$'`),
    // 0010_assessment_form.sql, 0028: the form's length (220, 100, 25 or 36).
    check(
      'assessments_responses_shape',
      sql`${t.responses} ~ '^[0-39]*$' AND length(${t.responses}) = CASE ${t.form} WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 WHEN 'BFM' THEN 36 END`,
    ),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    assessmentId: bigint('assessment_id', { mode: 'number' }),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_at').on(t.at),
    index('audit_events_assessment').on(t.assessmentId),
    // 0002_assessments_indexes.sql
    index('audit_events_actor_at').on(t.actor, t.at),
    index('audit_events_action_at').on(t.action, t.at),
  ],
);

/** Rate limits shared by every server process (db/rate-limit-counters.ts): a fixed window per scope and subject. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject] }),
    index('rate_limit_counters_window_ends_at').on(t.windowEndsAt),
  ],
);

/** 0008_answer_changes.sql: every change of an answer, written by the save's own statement (respondent.repo.ts). */
export const answerChanges = pgTable(
  'answer_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key (0008_answer_changes.sql says why).
    assessmentId: bigint('assessment_id', { mode: 'number' }).notNull(),
    item: smallint('item').notNull(),
    /** '0'-'3', or '9' when the item was unanswered. */
    oldValue: char('old_value', { length: 1, enum: ['0', '1', '2', '3', '9'] }).notNull(),
    newValue: char('new_value', { length: 1, enum: ['0', '1', '2', '3'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A signed-in user's id, or 'patient' for whoever holds the link. */
    actor: text('actor').notNull(),
    /** The browser of the patient link (a random id in the patient API's cookie). */
    linkSession: text('link_session'),
    /** 0026_answer_times.sql: when the answer was given (the server's time minus the age the browser sent). */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('answer_changes_assessment').on(t.assessmentId, t.id),
    check('answer_changes_item_check', sql`${t.item} BETWEEN 1 AND 220`),
  ],
);

/**
 * 0015_patient_id_search_table.sql: each test's patient id in lower case, written by a trigger on `assessments`
 * (never by the application), for the dashboard's search: its trigram index kept off the table the answer saves
 * update, so a save adds no trigram entries.
 */
export const assessmentPatientIds = pgTable(
  'assessment_patient_ids',
  {
    assessmentId: bigint('assessment_id', { mode: 'number' })
      .primaryKey()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    patientIdLower: text('patient_id_lower').notNull(),
  },
  (t) => [index('assessment_patient_ids_trgm').using('gin', sql`${t.patientIdLower} gin_trgm_ops`)],
);

/** 0011_patient_shares.sql: a clinician's patient shared with a colleague for reading. */
export const patientShares = pgTable(
  'patient_shares',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    patientId: text('patient_id').notNull(),
    granteeId: text('grantee_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.patientId, t.granteeId] }),
    index('patient_shares_grantee').on(t.granteeId, t.ownerId, t.patientId),
    check('patient_shares_not_self', sql`${t.ownerId} <> ${t.granteeId}`),
  ],
);

/**
 * 0012_assessment_counts.sql: each clinician's number of tests, kept by triggers on `assessments` (never written by
 * the application), so the unfiltered dashboard's 'Page X of Y' reads it instead of counting.
 */
export const assessmentCounts = pgTable(
  'assessment_counts',
  {
    clinicianId: text('clinician_id')
      .primaryKey()
      .references(() => users.id),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Of them, submitted (finished_at set). */
    finished: bigint('finished', { mode: 'number' }).notNull(),
  },
  (t) => [check('assessment_counts_not_negative', sql`${t.n} >= 0 AND ${t.finished} >= 0 AND ${t.finished} <= ${t.n}`)],
);

/** 0017_erasures.sql: how many tests each erasure deleted, so purchased tests stay used (credits.repo.ts). */
export const erasures = pgTable(
  'erasures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clinicianId: text('clinician_id')
      .notNull()
      .references(() => users.id),
    tests: integer('tests').notNull(),
    reason: text('reason', { enum: ['request', 'retention'] }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin's user id, or 'retention' for the RETENTION_YEARS sweep. */
    erasedBy: text('erased_by').notNull(),
  },
  (t) => [index('erasures_clinician').on(t.clinicianId), check('erasures_tests_positive', sql`${t.tests} > 0`)],
);

/** 0019_patient_messages.sql: the patient's address while the test is open, and the reminder choices. */
export const messageContacts = pgTable(
  'message_contacts',
  {
    assessmentId: bigint('assessment_id', { mode: 'number' })
      .primaryKey()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    email: text('email'),
    emailMasked: text('email_masked').notNull(),
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }).notNull(),
    emailErasedAt: timestamp('email_erased_at', { withTimezone: true, mode: 'date' }),
    /** 0021: the patient's mobile number for text messages, kept and erased like the address. */
    phone: text('phone'),
    phoneMasked: text('phone_masked'),
  },
  (t) => [
    index('message_contacts_with_email')
      .on(t.assessmentId)
      .where(sql`${t.email} IS NOT NULL`),
  ],
);

/** 0019_patient_messages.sql: one row per message and its delivery state. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assessmentId: bigint('assessment_id', { mode: 'number' }).references(() => assessments.id, {
      onDelete: 'cascade',
    }),
    clinicianId: text('clinician_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['invitation', 'reminder', 'completion', 'retest-no-credit'] }).notNull(),
    recipient: text('recipient', { enum: ['patient', 'clinician'] }).notNull(),
    /** 0021: how it is sent. */
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    dedupeKey: text('dedupe_key').unique(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed', 'unknown', 'bounced', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastResponse: text('last_response'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 0025: a patient message's address or number as queued (erased with the contact); null on older rows. */
    address: text('address'),
    addressMasked: text('address_masked'),
    /** 0025: the Message-ID's random left part, the same on every attempt. */
    mailId: uuid('mail_id').notNull().defaultRandom(),
  },
  (t) => [index('messages_assessment').on(t.assessmentId, t.id)],
);

/** 0020_retest_series.sql: a re-test every N weeks, K times, from a completed test. */
export const retestSeries = pgTable(
  'retest_series',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceAssessmentId: bigint('source_assessment_id', { mode: 'number' })
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    clinicianId: text('clinician_id')
      .notNull()
      .references(() => users.id),
    everyWeeks: integer('every_weeks').notNull(),
    times: integer('times').notNull(),
    runsDone: integer('runs_done').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state', { enum: ['active', 'paused', 'ended'] })
      .notNull()
      .default('active'),
    problem: text('problem'),
    email: text('email'),
    emailMasked: text('email_masked'),
    createdAt: createdAt(),
  },
  (t) => [
    index('retest_series_due')
      .on(t.nextRunAt)
      .where(sql`${t.state} = 'active'::text`),
    index('retest_series_source').on(t.sourceAssessmentId),
    check('retest_series_every_weeks', sql`${t.everyWeeks} BETWEEN 1 AND 52`),
    check('retest_series_times', sql`${t.times} BETWEEN 1 AND 12`),
  ],
);

/** 0020_retest_series.sql: the test each run of a series created. */
export const retestRuns = pgTable(
  'retest_runs',
  {
    seriesId: bigint('series_id', { mode: 'number' })
      .notNull()
      .references(() => retestSeries.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    assessmentId: bigint('assessment_id', { mode: 'number' })
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.run] })],
);

export const schema = {
  users,
  identities,
  localCredentials,
  sessions,
  loginRequests,
  documents,
  testCredits,
  assessments,
  auditEvents,
  rateLimitCounters,
  answerChanges,
  patientShares,
  assessmentCounts,
  assessmentPatientIds,
  messageContacts,
  messages,
  retestSeries,
  retestRuns,
  erasures,
};

/** 0016_app_secret_check.sql: which APP_SECRET the database belongs to, as an HMAC (db/app-secret-check.ts). */
export const appSecretCheck = pgTable(
  'app_secret_check',
  {
    id: smallint('id').primaryKey(),
    verifier: text('verifier').notNull(),
    createdAt: createdAt(),
  },
  () => [check('app_secret_check_id_check', sql`id = 1`)],
);

/** 0022_client_assertion_ids.sql: the ids of machine clients' accepted assertions, until they expire (one use each). */
export const clientAssertionIds = pgTable(
  'client_assertion_ids',
  {
    clientId: text('client_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] }), index('client_assertion_ids_expires').on(t.expiresAt)],
);
