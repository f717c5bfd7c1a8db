import type { z } from 'zod';
import type { API_SCHEMAS } from './api-schemas';

// The JSON routes of the API by name: method and path here, schemas in api-schemas.ts under the same names.
// This file imports types only, so the patient pages can call the API through it without carrying zod
// (their bundle is kept small for phones); the types still come from the schemas the server validates with.

export type ApiMethod = 'GET' | 'POST' | 'PUT';

export const API_ROUTES = {
  me: { method: 'GET', path: '/api/me' },
  setViewMode: { method: 'PUT', path: '/api/me/view-mode' },
  authMethods: { method: 'GET', path: '/auth/methods' },
  localLogin: { method: 'POST', path: '/auth/local/login' },
  localRegister: { method: 'POST', path: '/auth/local/register' },
  logout: { method: 'POST', path: '/auth/logout' },

  listAssessments: { method: 'GET', path: '/api/assessments' },
  createAssessment: { method: 'POST', path: '/api/assessments' },
  getAssessment: { method: 'GET', path: '/api/assessments/:id' },
  extendAssessment: { method: 'POST', path: '/api/assessments/:id/extend' },
  getTestMessages: { method: 'GET', path: '/api/assessments/:id/messages' },
  sendInvitation: { method: 'POST', path: '/api/assessments/:id/invitation' },
  setReminders: { method: 'PUT', path: '/api/assessments/:id/reminders' },
  getRetestSeries: { method: 'GET', path: '/api/assessments/:id/retest-series' },
  createRetestSeries: { method: 'POST', path: '/api/assessments/:id/retest-series' },
  updateRetestSeries: { method: 'PUT', path: '/api/assessments/:id/retest-series' },
  getMySettings: { method: 'GET', path: '/api/me/settings' },
  updateMySettings: { method: 'PUT', path: '/api/me/settings' },
  getResults: { method: 'GET', path: '/api/assessments/:id/results' },
  getAnswerHistory: { method: 'GET', path: '/api/assessments/:id/answer-history' },
  getPatientTimeline: { method: 'GET', path: '/api/assessments/:id/patient' },
  sharePatient: { method: 'POST', path: '/api/assessments/:id/patient/shares' },
  revokePatientShare: { method: 'POST', path: '/api/assessments/:id/patient/shares/revoke' },
  compareAdministrations: { method: 'GET', path: '/api/assessments/:id/compare' },
  listSharedWithMe: { method: 'GET', path: '/api/patients/shared-with-me' },
  getCredits: { method: 'GET', path: '/api/credits' },
  getTerms: { method: 'GET', path: '/api/documents/terms' },
  getDiagnoses: { method: 'GET', path: '/api/diagnoses' },
  listLanguages: { method: 'GET', path: '/api/languages' },
  getLanguageCatalogue: { method: 'GET', path: '/api/languages/:language/catalogues/:area' },

  listAdminUsers: { method: 'GET', path: '/api/admin/users' },
  listCreditLedger: { method: 'GET', path: '/api/admin/credits' },
  grantCredits: { method: 'POST', path: '/api/admin/credits' },
  listAuditEvents: { method: 'GET', path: '/api/admin/audit' },
  syncWixOrders: { method: 'POST', path: '/api/admin/credits/sync-wix' },
  exportPatientData: { method: 'GET', path: '/api/admin/patients/export' },
  erasePatient: { method: 'POST', path: '/api/admin/patients/erase' },

  getPatientTest: { method: 'GET', path: '/api/patient/:code' },
  getPatientConsent: { method: 'GET', path: '/api/patient/:code/consent' },
  acceptConsent: { method: 'POST', path: '/api/patient/:code/consent' },
  saveAnswer: { method: 'PUT', path: '/api/patient/:code/answers/:item' },
  saveAnswers: { method: 'POST', path: '/api/patient/:code/answers' },
  submitTest: { method: 'POST', path: '/api/patient/:code/submit' },
  setPatientLanguage: { method: 'PUT', path: '/api/patient/:code/language' },
} as const satisfies Record<keyof typeof API_SCHEMAS, { method: ApiMethod; path: string }>;

export type ApiRouteName = keyof typeof API_ROUTES;

type SchemasOf<N extends ApiRouteName> = (typeof API_SCHEMAS)[N];

/** What a route answers on success. */
export type ApiResponse<N extends ApiRouteName> = z.output<SchemasOf<N>['response']>;

/** The JSON body a route takes (undefined for routes without one). */
export type ApiBody<N extends ApiRouteName> =
  SchemasOf<N> extends { body: z.ZodType } ? z.input<SchemasOf<N>['body']> : undefined;

/** The query parameters a route reads, each optional (the server fills in its defaults). */
export type ApiQuery<N extends ApiRouteName> =
  SchemasOf<N> extends { query: z.ZodType } ? Partial<z.output<SchemasOf<N>['query']>> : undefined;

/** The names of a path's `:parameters` ('/api/assessments/:id' → 'id'). */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values for a route's path parameters, by name. */
export type ApiPathParams<N extends ApiRouteName> = Record<
  PathParamNames<(typeof API_ROUTES)[N]['path']>,
  string | number
>;

/**
 * The routes that answer a file (PDF, CSV) rather than JSON, for links and downloads: not called through
 * `apiRequest`, but named here so the web app and the server agree on their paths (api-contract.int.test.ts checks
 * the server registers each).
 */
export const DOWNLOAD_ROUTES = {
  getReportPdf: { method: 'GET', path: '/api/assessments/:id/report.pdf' },
  getScoreReportPdf: { method: 'GET', path: '/api/assessments/:id/score-report.pdf' },
  /** A submitted test as a FHIR R4 Bundle (application/fhir+json). */
  getFhirBundle: { method: 'GET', path: '/api/assessments/:id/fhir' },
  /** Every submitted test of the test's patient as one FHIR R4 Bundle. */
  getPatientFhirBundle: { method: 'GET', path: '/api/assessments/:id/patient/fhir' },
  exportCsv: { method: 'GET', path: '/api/assessments/export.csv' },
  /** The submitted tests the CSV export would hold, as FHIR R4 NDJSON (application/fhir+ndjson). */
  exportFhirNdjson: { method: 'GET', path: '/api/assessments/export.fhir.ndjson' },
  exportDictionary: { method: 'GET', path: '/api/assessments/export-dictionary.csv' },
} as const satisfies Record<string, { method: 'GET'; path: string }>;

export type DownloadRouteName = keyof typeof DOWNLOAD_ROUTES;

/** A download route's URL: `:params` filled in (encoded), then the query, if any. */
export function downloadPath(
  name: DownloadRouteName,
  params: Readonly<Record<string, string | number>> = {},
  query?: Readonly<Record<string, string>>,
): string {
  const path = DOWNLOAD_ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key] ?? '')),
  );
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
