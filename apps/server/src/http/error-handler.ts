import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationMessageKey, type ApiErrorBody, type ErrorCode } from '@pid5/contract';
import { AppError } from '../errors';
import { requestLanguage } from '../i18n/request-language';
import { translator, type Translate } from '../i18n/translator';

/** Retry-After of a 503 whose cause does not know better. */
const DEFAULT_RETRY_AFTER_SECONDS = 2;

// Errors that mean "the database is not reachable right now": answer 503 so clients retry.
const DATABASE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (typeof code === 'string' && DATABASE_UNAVAILABLE.has(code)) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Field name for a validation issue: the path inside the body, query or params (`postalCode`, `items.3.value`). */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'request';
}

/** A validation message in the request's language: a contract message by its key, any other text as it is. */
function validationText(message: string | undefined, t: Translate): string {
  if (message === undefined) {
    return t('errors.request.invalidValue');
  }
  const key = validationMessageKey(message);
  return key ? t(key) : message;
}

/**
 * The one error handler: every failure becomes `{ error: { code, message, fields } }`, its words in the
 * request's language (DESIGN.md "Languages"); the codes are the same in every language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const t = translator(language);
    if (error instanceof AppError) {
      // Every 503 says when to come back (RFC 9110 §10.2.3), so clients and proxies retry instead of giving up.
      if (error.statusCode === 503) {
        reply.header('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
      }
      const { message, fields } = error.localized(language);
      return reply.status(error.statusCode).send(body(error.code, message, fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= validationText(issue.message, t);
      }
      const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
      const first = Object.entries(sorted)[0];
      const message = first
        ? t('errors.request.checkField', { field: first[0], message: first[1] })
        : t('errors.request.invalid');
      return reply.status(400).send(body('VALIDATION_FAILED', message, sorted));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('MALFORMED_JSON', t('errors.request.malformedJson')));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', t('errors.request.tooLarge')));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body('VALIDATION_FAILED', t('errors.jsonOnly')));
      default:
        break;
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', t('errors.request.rateLimited')));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS))
        .send(body('SERVICE_UNAVAILABLE', t('errors.serviceUnavailable')));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body('VALIDATION_FAILED', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', t('errors.internal')));
  });
}
