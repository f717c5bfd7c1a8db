import { z } from 'zod';
import { ZBfmResult, ZGermanNormGroup, ZGermanNormReading, ZLevelStarts } from './results';

// One patient's administrations over time (DESIGN.md "Patients over time"): the timeline, sharing with a
// colleague, and the comparison of two administrations. A patient is the exact patient identifier within the
// owning clinician's scope; every route is anchored on one of the patient's tests (`/api/assessments/{id}/…`).

export const ZPatientForm = z.enum(['FULL', 'SF', 'BF', 'BFM']);

export const ZUserRef = z.object({ id: z.string(), username: z.string() });
export type TUserRef = z.infer<typeof ZUserRef>;

export const ZValiditySummary = z.object({
  verdict: z.enum(['valid', 'caution', 'not-interpretable']),
  label: z.string(),
  summary: z.string(),
});

/**
 * One domain of a completed administration for the trend chart: its US T (the printed reading of the form's table),
 * and against the previous completed administration (by completion) the reliable change where the comparison gives
 * one (compareAdministrations: same form, both interpretable, a cited reliability); null otherwise.
 */
export const ZTrendDomain = z.object({
  key: z.string(),
  name: z.string(),
  t: z.number().nullable(),
  tText: z.string().nullable(),
  reliableChange: z.enum(['higher', 'lower', 'no reliable change']).nullable(),
});
export type TTrendDomain = z.infer<typeof ZTrendDomain>;

export const ZPatientAdministration = z.object({
  id: z.number().int(),
  form: ZPatientForm,
  createdAt: z.string(),
  dueAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['not-started', 'in-progress', 'completed', 'expired']),
  answeredCount: z.number().int(),
  /** The validity verdict of a completed administration; null before submission. */
  validity: ZValiditySummary.nullable(),
  /** A completed administration's five domains in T for the trend chart; null before submission. */
  domains: z.array(ZTrendDomain).nullable().optional(),
});
export type TPatientAdministration = z.infer<typeof ZPatientAdministration>;

export const ZPatientShare = z.object({ grantee: ZUserRef, createdAt: z.string() });

/** How the caller reaches this patient: their own, as an admin in the admin view, or shared with them (read only). */
export const ZPatientAccess = z.enum(['owner', 'admin', 'shared']);
export type TPatientAccess = z.infer<typeof ZPatientAccess>;

/** `GET /api/assessments/{id}/patient`: the patient of that test, every administration the caller may see. */
export const ZPatientTimeline = z.object({
  patientId: z.string(),
  owner: ZUserRef,
  access: ZPatientAccess,
  /** Newest first. */
  administrations: z.array(ZPatientAdministration),
  /** May grant and revoke read access (the owner, or an admin in the admin view). */
  canShare: z.boolean(),
  /** Current shares; empty for a colleague reading a shared patient. */
  shares: z.array(ZPatientShare),
  /** Colleagues the patient can be shared with (active users other than the owner); empty unless canShare. */
  colleagues: z.array(ZUserRef),
});
export type TPatientTimeline = z.infer<typeof ZPatientTimeline>;

export const ZShareRequest = z.object({
  // User ids are lower-case UUIDs: an id pasted in another case still names the colleague.
  granteeId: z.string().trim().toLowerCase().min(1, 'Choose a colleague').max(200),
});
export type TShareRequest = z.infer<typeof ZShareRequest>;

export const ZShareResponse = z.object({ shares: z.array(ZPatientShare) });
export type TShareResponse = z.infer<typeof ZShareResponse>;

/** `?with={id}`: the other administration (a positive whole number). */
export const ZCompareQuery = z.object({
  with: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Give the other test as a positive whole number: ?with={id}')
    .transform(Number),
});

const ZComparedReading = z.object({
  score: z.number().nullable(),
  t: z.number().nullable(),
  percentile: z.number().nullable(),
  capped: z.enum(['above', 'below']).nullable(),
  /** Where each level begins in T on this scale's table of the form given (the charts' level lines). */
  levelStarts: ZLevelStarts.nullable().optional(),
  /** The German T as published for the patient's group at that test, from its form's German table. */
  de: ZGermanNormReading.nullable().optional(),
});

const ZReliableChange = z.object({
  rci: z.number(),
  isReliable: z.boolean(),
  direction: z.enum(['higher', 'lower', 'no reliable change']),
  reliableDifference: z.number(),
  sd: z.number(),
  r: z.number(),
  source: z.object({
    id: z.string(),
    citation: z.string(),
    kind: z.enum(['alpha', 'omega', 'retest']),
    sample: z.string(),
    n: z.number().int().nullable(),
    interval: z.string().nullable(),
    /** 'scale': read for this scale; 'form-average': the source's average over the form's facets or domains. */
    basis: z.enum(['scale', 'form-average']),
  }),
});

export const ZComparedScale = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(['facet', 'domain', 'total']),
  first: ZComparedReading,
  second: ZComparedReading,
  scoreDifference: z.number().nullable(),
  tDifference: z.number().nullable(),
  reliableChange: ZReliableChange.nullable(),
  noReliableChangeReason: z.string().nullable(),
});
export type TComparedScale = z.infer<typeof ZComparedScale>;

const ZComparedAdministration = ZPatientAdministration.pick({ id: true, form: true, createdAt: true }).extend({
  finishedAt: z.string(),
  validity: ZValiditySummary,
});

/** `GET /api/assessments/{id}/compare?with={id}`: the earlier administration first, whichever the URL names first. */
export const ZAdministrationComparison = z.object({
  patientId: z.string(),
  first: ZComparedAdministration,
  second: ZComparedAdministration,
  isChangeInterpretable: z.boolean(),
  validityStatement: z.string(),
  isSameForm: z.boolean(),
  formsStatement: z.string(),
  scales: z.array(ZComparedScale),
  rciRule: z.string(),
  reliabilityRule: z.string(),
  /** The German reference group read at each test (the patient's age group may differ between them). */
  germanGroups: z.object({ first: ZGermanNormGroup, second: ZGermanNormGroup }).optional(),
  /** The ICD-11 trait domains (PID5BF+M) of both tests, when both are full-form tests; else null. */
  icd11: z.object({ first: ZBfmResult, second: ZBfmResult }).nullable().optional(),
});
export type TAdministrationComparison = z.infer<typeof ZAdministrationComparison>;

/** `GET /api/patients/shared-with-me`: the patients other clinicians have shared with the caller. */
export const ZSharedWithMe = z.object({
  items: z.array(
    z.object({
      owner: ZUserRef,
      patientId: z.string(),
      sharedAt: z.string(),
      administrations: z.number().int(),
      latestAssessmentId: z.number().int().nullable(),
    }),
  ),
});
export type TSharedWithMe = z.infer<typeof ZSharedWithMe>;
