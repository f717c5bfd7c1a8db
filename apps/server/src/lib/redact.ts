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
 * A request URL for the log: patient link codes replaced by a placeholder, and every query value except the
 * allow-listed ones (`page`, `sort`) replaced too, so a search, a printed report name or a login code never reaches
 * the log.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(/\/(patient|test|consent)\/[^/?#]+/g, '/$1/[code]');
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
