import { z } from 'zod';
import { ASSESSMENT_FORMS, PATIENT_ID_MAX, ZClinicianRef } from './assessments';

// Purchased tests (DESIGN.md "Data model" test_credits) and the admin screens (DESIGN.md "Screens").

export const CREDIT_SOURCES = ['admin', 'wix', 'demo'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

export const ZCreditEntry = z.object({
  id: z.number().int(),
  clinician: ZClinicianRef,
  source: z.enum(CREDIT_SOURCES),
  quantity: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The admin who granted it (null for purchases and demo data). */
  createdBy: ZClinicianRef.nullable(),
});
export type TCreditEntry = z.infer<typeof ZCreditEntry>;

/** `GET /api/credits`: the caller's tests available and their ledger, newest first. */
export const ZCredits = z.object({
  available: z.number().int(),
  purchased: z.number().int(),
  used: z.number().int(),
  ledger: z.array(ZCreditEntry),
  /**
   * The form a new test gets unless the clinician chooses another (the institute's DEFAULT_FORM, else FULL). One
   * purchased test is one administration of any form (DESIGN.md "Data model").
   */
  defaultForm: z.enum(ASSESSMENT_FORMS),
});
export type TCredits = z.infer<typeof ZCredits>;

export const GRANT_QUANTITY_MAX = 1000;
export const GRANT_NOTE_MAX = 200;

export const GRANT_MESSAGES = {
  clinicianId: 'Please choose a clinician',
  quantity: `Please enter a whole number of tests from 1 to ${GRANT_QUANTITY_MAX}`,
  noteMax: `Notes are at most ${GRANT_NOTE_MAX} characters`,
} as const;

/** `POST /api/admin/credits`. */
export const ZGrantCreditsRequest = z.object({
  clinicianId: z.string({ error: GRANT_MESSAGES.clinicianId }).trim().min(1, GRANT_MESSAGES.clinicianId).max(100),
  quantity: z
    .number({ error: GRANT_MESSAGES.quantity })
    .int(GRANT_MESSAGES.quantity)
    .min(1, GRANT_MESSAGES.quantity)
    .max(GRANT_QUANTITY_MAX, GRANT_MESSAGES.quantity),
  note: z.string().trim().max(GRANT_NOTE_MAX, GRANT_MESSAGES.noteMax).optional(),
});
export type TGrantCreditsRequest = z.infer<typeof ZGrantCreditsRequest>;

export const ZGrantCreditsResponse = z.object({ entry: ZCreditEntry, available: z.number().int() });
export type TGrantCreditsResponse = z.infer<typeof ZGrantCreditsResponse>;

export const ZAdminCreditsQuery = z.object({
  clinicianId: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export const ADMIN_CREDITS_PAGE_SIZE = 20;
export const ZCreditLedgerPage = z.object({
  items: z.array(ZCreditEntry),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type TCreditLedgerPage = z.infer<typeof ZCreditLedgerPage>;

/** `GET /api/admin/users`: everyone who can hold tests, with their balance. */
export const ZAdminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  isDisabled: z.boolean(),
  purchased: z.number().int(),
  used: z.number().int(),
  available: z.number().int(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsers = z.object({ items: z.array(ZAdminUser) });
export type TAdminUsers = z.infer<typeof ZAdminUsers>;

/** What the audit log records (DESIGN.md "Data model" audit_events.action). */
export const AUDIT_ACTIONS = [
  'login',
  'logout',
  'assessment.create',
  'assessment.view',
  'assessment.results',
  'assessment.report',
  'assessment.export',
  'assessment.extend',
  'assessment.consent',
  'assessment.submit',
  'assessment.language',
  'assessment.history',
  'assessment.refused',
  'patient.timeline',
  'patient.compare',
  'patient.export',
  'patient.share',
  'patient.unshare',
  'patient.shared',
  'patient.erase',
  'fhir.search',
  'credits.grant',
  'credits.sync',
  'message.queued',
  'message.sent',
  'message.failed',
  'message.unknown',
  'message.bounced',
  'message.cancelled',
  'message.reminders',
  'message.opt-out',
  'settings.update',
  'retest.start',
  'retest.update',
  'retest.run',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  login: 'Signed in',
  logout: 'Signed out',
  'assessment.create': 'Created a test',
  'assessment.view': 'Viewed test details',
  'assessment.results': 'Viewed results',
  'assessment.report': 'Downloaded a PDF report',
  'assessment.export': 'Downloaded the CSV or FHIR NDJSON export',
  'assessment.extend': 'Extended a test',
  'assessment.consent': 'Patient accepted consent',
  'assessment.submit': 'Patient submitted a test',
  'assessment.language': "Patient changed the test's language",
  'assessment.history': 'Viewed the answer history',
  'assessment.refused': 'Asked for a test not theirs to see (refused)',
  'patient.timeline': "Viewed a patient's timeline",
  'patient.compare': 'Compared two tests of a patient',
  'patient.export': "Downloaded a patient's data (scores CSV, FHIR Bundle, or everything stored as JSON)",
  'patient.share': 'Shared a patient with a colleague',
  'patient.unshare': 'Ended a patient share',
  'patient.shared': 'Listed the patients shared with them',
  'patient.erase': "Erased a patient's data",
  'fhir.search': 'A machine client read results through the FHIR API',
  'credits.grant': 'Granted tests',
  'credits.sync': 'Synced purchases',
  'message.queued': 'Queued an e-mail about a test',
  'message.sent': 'An e-mail was accepted by the mail server',
  'message.failed': 'An e-mail could not be sent (tried again later)',
  'message.unknown': 'The server stopped while sending an e-mail: it may have been delivered',
  'message.bounced': 'An e-mail was refused by the mail server',
  'message.cancelled': 'An e-mail was not sent (no longer needed)',
  'message.reminders': "Turned a test's reminders on or off",
  'message.opt-out': 'Patient turned off reminders from the link in a message',
  'settings.update': 'Changed their own settings',
  'retest.start': 'Started a series of re-tests',
  'retest.update': 'Paused, resumed or ended a series of re-tests',
  'retest.run': 'A series of re-tests created its next test, or found no purchased test left',
};

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit?action=&actor=&assessmentId=&patientId=&page=`. */
export const ZAuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(100).optional(),
  assessmentId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Assessment ids are positive whole numbers')
    .transform(Number)
    .optional(),
  /** The events of every test with this patient ID (exact, ignoring case). */
  patientId: z
    .string()
    .trim()
    .min(1)
    .max(PATIENT_ID_MAX, `Patient identifiers are at most ${PATIENT_ID_MAX} characters`)
    .optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  /** The user's name when the actor is a user; null for 'patient' or a deleted user. */
  actorName: z.string().nullable(),
  action: z.string(),
  assessmentId: z.number().int().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEvent),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
