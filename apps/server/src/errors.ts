import type { ErrorCode } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { translator, type MessageKey, type MessageValues, type Translate } from './i18n/translator';

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
  REQUEST_KEY_REUSED: 409,
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

/** A message of an error a person reads: a key of the catalogue areas `errors` and `validation`. */
export type ErrorMessageKey = Extract<MessageKey, `errors.${string}` | `validation.${string}`>;

/**
 * An error with a stable code; the one error handler turns it into `{ error: { code, message, fields } }`, its
 * message and fields in the request's language (http/error-handler.ts). The message is a catalogue key with its
 * ICU values; `message` and `fields` hold the English words (for logs and callers that read them).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  /** For 503: seconds after which trying again makes sense (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  readonly messageKey: ErrorMessageKey;
  readonly values: MessageValues | undefined;
  readonly fieldKeys: Readonly<Record<string, ErrorMessageKey>> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: ErrorMessageKey,
    options: {
      status?: number;
      /** ICU values of the message and of the fields' messages. */
      values?: MessageValues;
      fields?: Record<string, ErrorMessageKey>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    const english = translator('en');
    super(english(message, options.values));
    this.messageKey = message;
    this.values = options.values;
    this.fieldKeys = options.fields;
    this.statusCode = options.status ?? DEFAULT_STATUS[code];
    this.fields = options.fields ? localizeFields(options.fields, english, options.values) : undefined;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The message and fields in `language`. */
  localized(language: Language): { message: string; fields: Record<string, string> | undefined } {
    const t = translator(language);
    return {
      message: t(this.messageKey, this.values),
      fields: this.fieldKeys ? localizeFields(this.fieldKeys, t, this.values) : undefined,
    };
  }
}

function localizeFields(
  fields: Readonly<Record<string, ErrorMessageKey>>,
  t: Translate,
  values: MessageValues | undefined,
): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, t(key, values)]));
}

export function notFound(message: ErrorMessageKey = 'errors.notFound'): AppError {
  return new AppError('NOT_FOUND', message);
}
