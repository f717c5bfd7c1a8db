import { z } from 'zod';
import { LANGUAGES } from '@pid5/i18n';
import { ASSESSMENT_FORMS, PATIENT_ID_MAX, ZClinicianRef } from './assessments';

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
  language: z.enum(LANGUAGES),
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
  /** One character per item of the form: '0'-'3' answered, '9' unanswered. */
  responses: z.string(),
  answeredCount: z.number().int(),
  itemSetId: z.string().nullable(),
  instrumentVersion: z.string().nullable(),
  normsVersion: z.string().nullable(),
  /** The scores frozen at submission, as stored (null until submitted). */
  scores: z.unknown(),
  /** The validity verdict frozen with them (null until submitted, or for results stored before verdicts). */
  validityVerdict: z.unknown(),
});

export const ZPatientDataExport = z.object({
  exportedAt: z.string(),
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
