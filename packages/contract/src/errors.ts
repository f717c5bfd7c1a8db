import { z } from 'zod';

/**
 * Stable error codes returned by the API as `{ "error": { "code", "message", "fields" } }`.
 * The web app maps codes to behaviour (e.g. UNAUTHENTICATED sends the user to /login);
 * the message is written for a person and may be shown as it is.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CROSS_SITE_REQUEST',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'RATE_LIMITED',
  'LOGIN_FAILED',
  'LOGIN_NOT_CONFIGURED',
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'LOCAL_ACCOUNTS_DISABLED',
  'NO_TESTS_AVAILABLE',
  'STALE_TERMS',
  'REQUEST_KEY_REUSED',
  'UNKNOWN_DIAGNOSIS',
  'LINK_NOT_FOUND',
  'LINK_EXPIRED',
  'CONSENT_REQUIRED',
  'STALE_CONSENT',
  'TEST_COMPLETED',
  'TEST_INCOMPLETE',
  'EXTENSION_NOT_ALLOWED',
  'MAIL_NOT_CONFIGURED',
  'MESSAGE_NOT_ALLOWED',
  'RETEST_NOT_ALLOWED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
  };
}

/** The error body as a schema, for documenting error responses in the OpenAPI document. */
export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
