import type { ErrorCode } from '@pid5/contract';

const DEFAULT_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  LOGIN_FAILED: 400,
  LOGIN_NOT_CONFIGURED: 404,
  INVALID_CREDENTIALS: 401,
  USERNAME_TAKEN: 409,
  LOCAL_ACCOUNTS_DISABLED: 404,
  NO_TESTS_AVAILABLE: 409,
  STALE_TERMS: 409,
  UNKNOWN_DIAGNOSIS: 400,
  LINK_NOT_FOUND: 404,
  LINK_EXPIRED: 410,
  CONSENT_REQUIRED: 409,
  STALE_CONSENT: 409,
  TEST_COMPLETED: 409,
  TEST_INCOMPLETE: 409,
  EXTENSION_NOT_ALLOWED: 409,
  MAIL_NOT_CONFIGURED: 409,
  MESSAGE_NOT_ALLOWED: 409,
  RETEST_NOT_ALLOWED: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** An error with a stable code; the one error handler turns it into `{ error: { code, message, fields } }`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  /** For 503: seconds after which trying again makes sense (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { status?: number; fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.statusCode = options.status ?? DEFAULT_STATUS[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function notFound(message = 'Not found'): AppError {
  return new AppError('NOT_FOUND', message);
}
