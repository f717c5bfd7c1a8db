// The authorisation matrix (DESIGN.md "Roles and identity" and "Security and reliability"): for every route in the server's route table, the status
// each caller must get. src/http/authorization-matrix.int.test.ts walks `app.routeTable`, calls every
// route as every caller and compares; a route without a row here fails that test, and so does a row
// for a route that no longer exists.
//
// The data, made fresh before every call that is not a read, and after any call that changed its rows (so a mutating
// call never changes what the next caller sees; reads that changed nothing hand it on):
//   X  clinician A's test: consented, all 220 answered, not submitted (the target of `:id` by default)
//   Y  clinician A's test: submitted, scores frozen (the target of `:id` for results and report rows)
//   Z  clinician B's test: consented, all 220 answered, not submitted
//   W  clinician A's test of Y's patient (same identifier), submitted: Y's second administration
// Path parameters: `:id` = the row's target (X or Y); `:code` = X's code for every caller except
// patientOther, who holds Z's code (a link to a different test); `:item` = 1.
//
// The callers (each from its own address, as on the internet, so per-address limits do not mix them up):
//   anonymous           no cookie (on patient routes it holds X's link: the code is the credential)
//   patientOwn          no cookie, X's code
//   patientOther        no cookie, Z's code: must never see or change X
//   clinicianA          X's and Y's owner
//   clinicianB          Z's owner: A's tests answer 404 exactly like a missing test, never 403 with details
//   adminAdminView      an admin in the admin view: sees every test
//   adminClinicianView  the same admin in a second session switched to the clinician view: sees own tests only
//   sharedReader        clinician C, with whom A shares Y's patient (so Y and W): reads, never changes or shares
//
// Leaks are counted by the test from who may see which test, not from this table, so the table cannot
// allow one: a 2xx for a test the caller may not see, any body with the patient id or link code of a test
// the caller may not see, or a change to such a test's row.

export const CALLERS = [
  'anonymous',
  'patientOwn',
  'patientOther',
  'clinicianA',
  'clinicianB',
  'adminAdminView',
  'adminClinicianView',
  'sharedReader',
] as const;
export type Caller = (typeof CALLERS)[number];

/** One status, or a small set when more than one answer is right (the row says why). */
export type ExpectedStatus = number | readonly number[];

/** What a row's body and query are built from (valid bodies, so only access decides the answer). */
export interface MatrixContext {
  caller: Caller;
  /** Unique per call: new usernames and patient ids never collide. */
  unique: string;
  termsId: number;
  consentId: number;
  clinicianBId: string;
  /** X's, Y's and W's owner. */
  clinicianAId: string;
  /** The test `:id` names on this row. */
  target: { id: number; patientId: string };
  /** W: a second completed administration of Y's patient. */
  secondAdministrationId: number;
}

export interface MatrixRow {
  expect: Record<Caller, ExpectedStatus>;
  /** Which of A's tests `:id` names: X (unfinished, the default) or Y (submitted). */
  target?: 'X' | 'Y';
  query?: (ctx: MatrixContext) => string;
  body?: (ctx: MatrixContext) => unknown;
  /** A caller who may see the target finds its patient id in a 2xx body: proves the leak search would notice. */
  revealsTarget?: boolean;
}

/**
 * The columns in CALLERS order: anonymous, patientOwn, patientOther, clinicianA, clinicianB, adminAdminView,
 * adminClinicianView, sharedReader.
 */
function statuses(
  anonymous: ExpectedStatus,
  patientOwn: ExpectedStatus,
  patientOther: ExpectedStatus,
  clinicianA: ExpectedStatus,
  clinicianB: ExpectedStatus,
  adminAdminView: ExpectedStatus,
  adminClinicianView: ExpectedStatus,
  sharedReader: ExpectedStatus,
): Record<Caller, ExpectedStatus> {
  return {
    anonymous,
    patientOwn,
    patientOther,
    clinicianA,
    clinicianB,
    adminAdminView,
    adminClinicianView,
    sharedReader,
  };
}

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  //                                                   anon  own  other   A     B   adminA adminC shared
  // Health and documentation: public.
  'GET /api/docs': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },

  // Sign-in: public. The login start and callback redirect (the callback without code/state to /login?error=callback).
  'GET /auth/methods': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /auth/login': { expect: statuses(302, 302, 302, 302, 302, 302, 302, 302) },
  'GET /auth/callback': { expect: statuses(302, 302, 302, 302, 302, 302, 302, 302) },
  // Signed-in callers are signed out by this (the test signs them in again afterwards).
  'POST /auth/logout': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  // Wrong credentials for everyone: 401 INVALID_CREDENTIALS, and no caller's own session is touched.
  'POST /auth/local/login': {
    expect: statuses(401, 401, 401, 401, 401, 401, 401, 401),
    body: () => ({ username: 'matrix-nobody', password: 'not the password' }),
  },
  'POST /auth/local/register': {
    expect: statuses(201, 201, 201, 201, 201, 201, 201, 201),
    body: (ctx) => ({ username: `matrix-${ctx.unique}`, password: 'long enough password' }),
  },

  // The signed-in user and the admin's view switch (the body keeps each admin session in its own view).
  'GET /api/me': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  'PUT /api/me/view-mode': {
    expect: statuses(401, 401, 401, 403, 403, 200, 200, 403),
    body: (ctx) => ({ viewMode: ctx.caller === 'adminClinicianView' ? 'clinician' : 'admin' }),
  },
  // Each signed-in user's own settings (the completion notice).
  'GET /api/me/settings': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  'PUT /api/me/settings': {
    expect: statuses(401, 401, 401, 200, 200, 200, 200, 200),
    body: () => ({ completionNotices: true }),
  },
  // The patient's opt-out from a message's link: public, the token is the credential; an unknown token (and every
  // token on a server without e-mail, as here) answers 404.
  'GET /api/messages/opt-out/:token': { expect: statuses(404, 404, 404, 404, 404, 404, 404, 404) },
  'POST /api/messages/opt-out/:token': { expect: statuses(404, 404, 404, 404, 404, 404, 404, 404) },

  // Reference data for the Create Test form, and the caller's own purchased tests.
  'GET /api/documents/terms': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  // A language's name and page words: public, like the pages they are for.
  'GET /api/languages': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /api/languages/:language/catalogues/:area': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /api/diagnoses': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  'GET /api/credits': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },

  // Assessments: the list and export are scoped to what the session may see (B and the admin in clinician
  // view search for X's patient id and find nothing); details and extend answer 404 for someone else's test.
  'GET /api/assessments': {
    expect: statuses(401, 401, 401, 200, 200, 200, 200, 200),
    query: (ctx) => `?search=${encodeURIComponent(ctx.target.patientId)}`,
    revealsTarget: true,
  },
  'POST /api/assessments': {
    expect: statuses(401, 401, 401, 201, 201, 201, 201, 201),
    body: (ctx) => ({
      age: 34,
      gender: 'Female',
      race: 'Asian',
      country: 'United States',
      postalCode: '02139',
      patientId: `NEW-${ctx.unique}`,
      dsmCodes: ['F41.1', 'F32.0'],
      primaryDsm: 'F41.1',
      termsId: ctx.termsId,
    }),
  },
  'GET /api/assessments/export.csv': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200), revealsTarget: true },
  // The same tests as FHIR NDJSON (submitted ones only: X is not, so no positive control here; the leak search holds).
  'GET /api/assessments/export.fhir.ndjson': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  // What every CSV column means: no patient data, for anyone signed in.
  'GET /api/assessments/export-dictionary.csv': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  'GET /api/assessments/:id': { expect: statuses(401, 401, 401, 200, 404, 200, 404, 404), revealsTarget: true },
  'POST /api/assessments/:id/extend': { expect: statuses(401, 401, 401, 200, 404, 200, 404, 404) },
  // Messages about a test: its owner, or an admin in the admin view; a colleague the patient is shared with does not
  // message the patient (404). The matrix's server has no SMTP server: an invitation is refused 409
  // MAIL_NOT_CONFIGURED, and X has had no invitation, so its reminders cannot be switched (409).
  'GET /api/assessments/:id/messages': { expect: statuses(401, 401, 401, 200, 404, 200, 404, 404) },
  'POST /api/assessments/:id/invitation': {
    expect: statuses(401, 401, 401, 409, 404, 409, 404, 404),
    body: () => ({ email: 'patient@example.org' }),
  },
  'PUT /api/assessments/:id/reminders': {
    expect: statuses(401, 401, 401, 409, 404, 409, 404, 404),
    body: () => ({ enabled: false }),
  },
  // Re-tests from a completed test (Y): its owner, or an admin in the admin view. Without an SMTP server (as here)
  // a series cannot start (409 MAIL_NOT_CONFIGURED), and Y has none to pause (409).
  'GET /api/assessments/:id/retest-series': { target: 'Y', expect: statuses(401, 401, 401, 200, 404, 200, 404, 404) },
  'POST /api/assessments/:id/retest-series': {
    target: 'Y',
    expect: statuses(401, 401, 401, 409, 404, 409, 404, 404),
    body: () => ({ everyWeeks: 4, times: 2 }),
  },
  'PUT /api/assessments/:id/retest-series': {
    target: 'Y',
    expect: statuses(401, 401, 401, 409, 404, 409, 404, 404),
    body: () => ({ action: 'pause' }),
  },
  'GET /api/assessments/:id/results': { target: 'Y', expect: statuses(401, 401, 401, 200, 404, 200, 404, 200) },
  'GET /api/assessments/:id/report.pdf': { target: 'Y', expect: statuses(401, 401, 401, 200, 404, 200, 404, 200) },
  // The clinician's score report: the patient report's rule, a colleague the patient is shared with included
  // (docs/decisions/0056-shared-reader-reports.md).
  'GET /api/assessments/:id/score-report.pdf': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
  },
  // The FHIR export: the results' rule (a colleague the patient is shared with gets it without the answers).
  'GET /api/assessments/:id/fhir': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
    revealsTarget: true,
  },
  // Our FHIR code systems and questionnaires: public, no patient data; `:id` is a test id here, so no such resource.
  'GET /fhir/R4/CodeSystem/:id': { expect: statuses(404, 404, 404, 404, 404, 404, 404, 404) },
  'GET /fhir/R4/Questionnaire/:id': { expect: statuses(404, 404, 404, 404, 404, 404, 404, 404) },
  // The FHIR read API (decision 0057): what it supports, for anyone; the searches need a machine client's bearer
  // token, which none of these callers has: a staff session counts for nothing there (401). The token endpoint takes a
  // form body only (400 invalid_request for this JSON one). Machine clients are walked in authorization-matrix.int.test.ts.
  'GET /fhir/R4/metadata': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /fhir/R4/.well-known/smart-configuration': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /fhir/R4/QuestionnaireResponse': {
    expect: statuses(401, 401, 401, 401, 401, 401, 401, 401),
    query: (ctx) => `?patient:identifier=${encodeURIComponent(ctx.target.patientId)}`,
  },
  'GET /fhir/R4/Observation': {
    expect: statuses(401, 401, 401, 401, 401, 401, 401, 401),
    query: (ctx) => `?patient:identifier=${encodeURIComponent(ctx.target.patientId)}`,
  },
  // Reads by id and searches by POST: a staff session counts for nothing there either (401).
  'GET /fhir/R4/QuestionnaireResponse/:id': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'GET /fhir/R4/Observation/:id': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'POST /fhir/R4/QuestionnaireResponse/_search': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'POST /fhir/R4/Observation/_search': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  // The Bulk Data export (kick-off, status, cancel, files): a machine client's token only.
  'GET /fhir/R4/$export': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'GET /fhir/R4/$export-status/:id': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'DELETE /fhir/R4/$export-status/:id': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'GET /fhir/R4/$export-files/:id/:file': { expect: statuses(401, 401, 401, 401, 401, 401, 401, 401) },
  'POST /auth/token': {
    expect: statuses(400, 400, 400, 400, 400, 400, 400, 400),
    body: () => ({ grant_type: 'client_credentials', scope: 'system/Observation.read' }),
  },
  // The answer history is the admin data view's (raw answers): clinicians 403, the owner too; an admin in the
  // clinician view sees only their own tests (X is A's: 404).
  'GET /api/assessments/:id/answer-history': { expect: statuses(401, 401, 401, 403, 403, 200, 404, 403) },

  // One patient over time: the patient of the `:id` test. Its owner and an admin in the admin view; B and
  // the admin in the clinician view 404 like a missing test. Sharing and ending a share (with B) likewise; the
  // colleague it is shared with reads (timeline, comparison, long CSV) and may not share onwards or end a share (403).
  'GET /api/assessments/:id/patient': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
    revealsTarget: true,
  },
  'POST /api/assessments/:id/patient/shares': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 403),
    body: (ctx) => ({ granteeId: ctx.clinicianBId }),
  },
  'POST /api/assessments/:id/patient/shares/revoke': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 403),
    body: (ctx) => ({ granteeId: ctx.clinicianBId }),
  },
  'GET /api/assessments/:id/compare': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
    query: (ctx) => `?with=${ctx.secondAdministrationId}`,
    revealsTarget: true,
  },
  'GET /api/assessments/:id/compare.pdf': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
    query: (ctx) => `?with=${ctx.secondAdministrationId}`,
  },
  // The caller's own list: Y's patient for the shared reader, an empty list for everyone else.
  'GET /api/patients/shared-with-me': { expect: statuses(401, 401, 401, 200, 200, 200, 200, 200) },
  'GET /api/assessments/:id/patient/fhir': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
    revealsTarget: true,
  },
  'GET /api/assessments/:id/patient.csv': {
    target: 'Y',
    expect: statuses(401, 401, 401, 200, 404, 200, 404, 200),
    revealsTarget: true,
  },

  // Admin screens: the admin role in either view (DESIGN.md "Roles and identity"); clinicians 403.
  'GET /api/admin/users': { expect: statuses(401, 401, 401, 403, 403, 200, 200, 403) },
  'GET /api/admin/credits': { expect: statuses(401, 401, 401, 403, 403, 200, 200, 403) },
  'POST /api/admin/credits': {
    expect: statuses(401, 401, 401, 403, 403, 201, 201, 403),
    body: (ctx) => ({ clinicianId: ctx.clinicianBId, quantity: 1, note: 'authorization matrix' }),
  },
  'GET /api/admin/audit': { expect: statuses(401, 401, 401, 403, 403, 200, 200, 403) },
  // One patient's data as a whole (X's patient, A's): the admin in the admin view; in the clinician view an admin may
  // export or erase only their own patients, and A's answers 403 whatever the patient (it says to switch views).
  'GET /api/admin/patients/export': {
    expect: statuses(401, 401, 401, 403, 403, 200, 403, 403),
    query: (ctx) =>
      `?${new URLSearchParams({ clinicianId: ctx.clinicianAId, patientId: ctx.target.patientId }).toString()}`,
    revealsTarget: true,
  },
  'POST /api/admin/patients/erase': {
    expect: statuses(401, 401, 401, 403, 403, 200, 403, 403),
    body: (ctx) => ({
      clinicianId: ctx.clinicianAId,
      patientId: ctx.target.patientId,
      confirmPatientId: ctx.target.patientId,
    }),
  },
  // Admins pass the access check and then get 404: Wix order sync is not configured on this test server.
  'POST /api/admin/credits/sync-wix': { expect: statuses(401, 401, 401, 403, 403, 404, 404, 403), body: () => ({}) },

  // The patient link: whoever holds the code may use that one test (the code is the credential; a session
  // adds nothing). patientOther works on Z with Z's code and must never reach X.
  'GET /api/patient/:code': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'GET /api/patient/:code/consent': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  'POST /api/patient/:code/consent': {
    expect: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    body: (ctx) => ({ consentId: ctx.consentId }),
  },
  'PUT /api/patient/:code/answers/:item': {
    expect: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    body: () => ({ value: 2 }),
  },
  'POST /api/patient/:code/answers': {
    expect: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    body: () => ({ answers: [{ item: 1, value: 2 }] }),
  },
  'POST /api/patient/:code/submit': { expect: statuses(200, 200, 200, 200, 200, 200, 200, 200) },
  // Both demonstration sets are loaded on the test server, and switching is allowed by default.
  'PUT /api/patient/:code/language': {
    expect: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    body: () => ({ language: 'de' }),
  },
};
