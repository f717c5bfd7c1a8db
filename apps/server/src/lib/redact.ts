// What the server log may hold (SECURITY.md "No patient data in logs, at any level"): request lines without link
// codes or query values, and errors without the values they carry.

/** Query parameters whose values are never patient data (the dashboard's paging and sort). */
const QUERY_VALUES_SHOWN = new Set(['page', 'sort']);
/** The API's own query parameter names: shown with their value replaced. Any other name could be typed data. */
const QUERY_NAMES_SHOWN = new Set([
  ...QUERY_VALUES_SHOWN,
  'search',
  'name',
  'tz',
  'q',
  'action',
  'actor',
  'assessmentId',
  'clinicianId',
  'code',
  'state',
  'error',
  'iss',
]);

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      if (QUERY_VALUES_SHOWN.has(name)) {
        return pair;
      }
      return QUERY_NAMES_SHOWN.has(name) ? `${name}=[redacted]` : '[redacted]';
    })
    .join('&');
}

/**
 * Path segments the log shows as they are: the static words of the server's routes and of the web app's pages
 * (route-map.int.test.ts checks the server's are all here). Any other segment could be typed data (a patient id in
 * /details/…), so it is shown as [redacted]; a number (a test's id) and a built file's name are shown too.
 */
const PATH_WORDS = new Set([
  'admin',
  'answer-history',
  'answers',
  'api',
  'assessments',
  'audit',
  'auth',
  'callback',
  'compare',
  'compare.pdf',
  'consent',
  'credits',
  'diagnoses',
  'docs',
  'documents',
  'erase',
  'export',
  'export-dictionary.csv',
  'export.csv',
  'export.fhir.ndjson',
  'extend',
  'invitation',
  'fhir',
  'R4',
  'CodeSystem',
  'Questionnaire',
  'QuestionnaireResponse',
  'Observation',
  'metadata',
  '.well-known',
  'smart-configuration',
  '_search',
  '$export',
  '$export-status',
  '$export-files',
  'token',
  'healthz',
  'language',
  'languages',
  'catalogues',
  // A page area's catalogue (/api/languages/:language/catalogues/:area).
  'staff',
  'respondent',
  'local',
  'login',
  'logout',
  'me',
  'messages',
  'methods',
  'opt-out',
  'patient',
  'patient.csv',
  'patients',
  'readyz',
  'register',
  'reminders',
  'report.pdf',
  'results',
  'retest-series',
  'revoke',
  'settings',
  'score-report.pdf',
  'shared-with-me',
  'shares',
  'submit',
  'sync-wix',
  'terms',
  'users',
  'view-mode',
  'metrics',
  // The web app's pages and files.
  'login-callback',
  'login-local',
  'dashboard',
  'createtest',
  'details',
  'shared',
  'dataview',
  'test',
  'assets',
  'index.html',
  'patient.html',
  'favicon.svg',
  'logo.svg',
  'json',
]);
/** Segments after which comes a patient link code. */
const CODE_BEFORE = new Set(['patient', 'test', 'consent']);
/** A test's id, or a file the web build names with a hash (`index-4f3a2b1c.js`). */
const SAFE_SEGMENT = /^(\d{1,12}|[\w-]{1,64}\.(js|css|map|svg|png|ico|woff2?|txt|webmanifest))$/;

function redactPath(path: string): string {
  // Normalised first: a doubled slash or an encoded one must not move a code out of its place.
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes are redacted below like any other unknown segment.
  }
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  const shown = segments.map((segment, index) => {
    if (index > 0 && CODE_BEFORE.has(segments[index - 1]!) && !PATH_WORDS.has(segment)) {
      return '[code]';
    }
    return PATH_WORDS.has(segment) || SAFE_SEGMENT.test(segment) ? segment : '[redacted]';
  });
  return `/${shown.join('/')}`;
}

/**
 * A request URL for the log: patient link codes replaced by a placeholder, path segments that are not the app's own
 * words replaced too, and every query value except the allow-listed ones (`page`, `sort`), so a search, a printed
 * report name, a login code or a patient id typed into an address never reaches the log.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const redactedPath = redactPath(path);
  if (queryStart < 0) {
    return redactedPath;
  }
  const query = url.slice(queryStart + 1);
  return query ? `${redactedPath}?${redactQuery(query)}` : `${redactedPath}?`;
}

/** PostgreSQL's error codes (SQLSTATE): five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Errors whose message or fields quote the values of a request: anything from the database (Drizzle's message lists
 * every statement parameter; PostgreSQL's messages and `detail` quote the values they refused) and syntax errors
 * (JSON.parse quotes the text it failed on).
 */
function quotesValues(error: Record<string, unknown>): boolean {
  return (
    error instanceof SyntaxError ||
    'query' in error ||
    'params' in error ||
    'parameters' in error ||
    (typeof error.code === 'string' && SQLSTATE.test(error.code))
  );
}

function chainQuotesValues(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) {
    return false;
  }
  const record = error as Record<string, unknown>;
  return quotesValues(record) || chainQuotesValues(record.cause, depth + 1);
}

/** The call sites of a stack, without its first lines (which repeat the message). */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') {
    return undefined;
  }
  const firstFrame = stack.indexOf('\n    at ');
  return firstFrame < 0 ? undefined : stack.slice(firstFrame + 1);
}

/** An error as the log shows it (the shape pino's `err` serializer returns). */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const MESSAGE_WITHHELD = '[not logged: it may quote request values; see code and constraint]';

/** Fields of a database error that name what failed, never the values involved. */
const DATABASE_FIELDS = ['severity', 'constraint', 'table', 'column', 'dataType', 'routine'] as const;

/**
 * The log's form of an error (pino's `err` serializer): its type, code and stack, and its message only when the error
 * cannot quote request values. A database error keeps its SQLSTATE and the names of the constraint, table and column,
 * never its message, detail, statement parameters or anything else it carries (a client error's raw request bytes).
 */
export function redactError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: '', stack: '' };
  }
  const record = error as Record<string, unknown>;
  const isQuoting = chainQuotesValues(error);
  const serialized: LoggedError = {
    type: error.constructor?.name ?? 'object',
    message: isQuoting ? MESSAGE_WITHHELD : typeof record.message === 'string' ? record.message : '',
    stack: '',
  };
  if (typeof record.code === 'string' || typeof record.code === 'number') {
    serialized.code = record.code;
  }
  if (typeof record.statusCode === 'number') {
    serialized.statusCode = record.statusCode;
  }
  for (const field of DATABASE_FIELDS) {
    if (typeof record[field] === 'string') {
      serialized[field] = record[field];
    }
  }
  const stack = isQuoting ? stackFrames(record.stack) : record.stack;
  serialized.stack = typeof stack === 'string' ? stack : '';
  if (record.cause !== undefined && depth < 5) {
    serialized.cause = redactError(record.cause, depth + 1);
  }
  return serialized;
}
