import { z } from 'zod';
import { zLanguage } from './language';
import { ASSESSMENT_FORMS, PATIENT_ID_MAX, ZClinicianRef } from './assessments';
import { ZAssessmentResults } from './results';

// A patient's data as a whole (DESIGN.md "Erasure, access and retention"): the admin's export of everything stored
// about one patient (access, portability) and its erasure. A patient is the exact identifier within its clinician.

export const PATIENT_DATA_MESSAGES = {
  clinicianId: 'Please choose a clinician',
  patientId: 'Please type the patient identifier',
  patientIdMax: `Patient identifiers are at most ${PATIENT_ID_MAX} characters`,
  confirm: 'Please type the patient identifier again, exactly as above, to confirm the erasure',
} as const;

const M = PATIENT_DATA_MESSAGES;

const clinicianId = z.string({ error: M.clinicianId }).trim().min(1, M.clinicianId).max(100, M.clinicianId);
const patientId = z.string({ error: M.patientId }).trim().min(1, M.patientId).max(PATIENT_ID_MAX, M.patientIdMax);

/** `GET /api/admin/patients/export?clinicianId=&patientId=`. */
export const ZPatientDataQuery = z.object({ clinicianId, patientId });
export type TPatientDataQuery = z.infer<typeof ZPatientDataQuery>;

export const ZPatientDataAdministration = z.object({
  id: z.number().int(),
  form: z.enum(ASSESSMENT_FORMS),
  language: zLanguage(),
  createdAt: z.string(),
  dueAt: z.string(),
  finishedAt: z.string().nullable(),
  age: z.number().int(),
  gender: z.string(),
  race: z.string(),
  postalCode: z.string(),
  country: z.string(),
  diagnoses: z.array(z.string()),
  primaryDiagnosis: z.string(),
  termsId: z.number().int().nullable(),
  consentId: z.number().int().nullable(),
  consentAgreedAt: z.string().nullable(),
  /** One character per item of the form: '0'-'3' answered, '9' unanswered (`answerLegend` says what each means). */
  responses: z.string(),
  /** The same answers item by item: the item's number in the form and its value 0-3, null when unanswered. */
  answers: z.array(z.object({ item: z.number().int(), value: z.number().int().min(0).max(3).nullable() })),
  answeredCount: z.number().int(),
  itemSetId: z.string().nullable(),
  instrumentVersion: z.string().nullable(),
  normsVersion: z.string().nullable(),
  /** The scores frozen at submission in the results API's shape (`GET /api/assessments/{id}/results`); null until submitted. */
  results: ZAssessmentResults.nullable(),
  /** The validity verdict frozen with them (null until submitted, or for results stored before verdicts). */
  validityVerdict: z.unknown(),
});

/** The export's format: its version changes whenever a field is renamed, removed or changes meaning. */
export const PATIENT_DATA_EXPORT_FORMAT = { name: 'pid5-patient-data', version: 2 } as const;

export const ZPatientDataExport = z.object({
  format: z.literal(PATIENT_DATA_EXPORT_FORMAT.name),
  formatVersion: z.literal(PATIENT_DATA_EXPORT_FORMAT.version),
  exportedAt: z.string(),
  /** What each character of an administration's `responses` means. */
  answerLegend: z.record(z.string(), z.string()),
  clinician: ZClinicianRef,
  patientId: z.string(),
  administrations: z.array(ZPatientDataAdministration),
  answerChanges: z.array(
    z.object({
      assessmentId: z.number().int(),
      item: z.number().int(),
      oldValue: z.string(),
      newValue: z.string(),
      changedAt: z.string(),
      /** A user id, or 'patient' for the link holder. */
      actor: z.string(),
      /** The link's browser (a random id of the patient API's cookie). */
      linkSession: z.string().nullable(),
    }),
  ),
  shares: z.array(z.object({ grantee: ZClinicianRef, createdAt: z.string(), createdBy: z.string() })),
  /** The terms and consent the administrations name (`termsId`, `consentId`), each with its version and text. */
  documents: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['terms', 'consent']),
      version: z.number().int(),
      language: zLanguage(),
      publishedAt: z.string(),
      bodyHtml: z.string(),
    }),
  ),
  /** Re-test series started from these tests: their schedule and the address the invitations go to. */
  retestSeries: z.array(
    z.object({
      id: z.number().int(),
      sourceAssessmentId: z.number().int(),
      everyWeeks: z.number().int(),
      times: z.number().int(),
      runsDone: z.number().int(),
      nextRunAt: z.string(),
      state: z.string(),
      email: z.string().nullable(),
      emailMasked: z.string().nullable(),
      createdAt: z.string(),
      runs: z.array(z.object({ run: z.number().int(), assessmentId: z.number().int() })),
    }),
  ),
  /** E-mail about the tests: the address while a test is open (then only masked), and each message's delivery. */
  messages: z.object({
    contacts: z.array(
      z.object({
        assessmentId: z.number().int(),
        email: z.string().nullable(),
        emailMasked: z.string(),
        phone: z.string().nullable(),
        remindersEnabled: z.boolean(),
        optedOutAt: z.string().nullable(),
        invitedAt: z.string(),
      }),
    ),
    deliveries: z.array(
      z.object({
        assessmentId: z.number().int(),
        kind: z.string(),
        recipient: z.string(),
        channel: z.string(),
        state: z.string(),
        createdAt: z.string(),
        sentAt: z.string().nullable(),
      }),
    ),
  }),
  auditEvents: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      assessmentId: z.number().int().nullable(),
      ip: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});
export type TPatientDataExport = z.infer<typeof ZPatientDataExport>;

/** `POST /api/admin/patients/erase`: the identifier typed twice, so a slip of the keyboard erases nothing. */
export const ZErasePatientRequest = z
  .object({ clinicianId, patientId, confirmPatientId: z.string({ error: M.confirm }).trim().max(PATIENT_ID_MAX) })
  .refine((body) => body.confirmPatientId === body.patientId, { message: M.confirm, path: ['confirmPatientId'] });
export type TErasePatientRequest = z.input<typeof ZErasePatientRequest>;

export const ZErasePatientResponse = z.object({
  /** How many tests (administrations) were erased. */
  erasedTests: z.number().int(),
});
export type TErasePatientResponse = z.infer<typeof ZErasePatientResponse>;
