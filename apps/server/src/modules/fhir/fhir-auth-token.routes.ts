import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TokenRequestError } from '../../identity/client-authentication';

// The OAuth 2.0 token endpoint of the FHIR read API (RFC 6749 §4.4, client credentials; SMART Backend Services;
// decision 0057). In a scope of its own: it alone reads form bodies, and its errors are RFC 6749's JSON
// (`{ error, error_description }`), not the product's error body.

/** The form's fields; RFC 6749 §3.2: parameters the server does not know are ignored. */
const ZTokenForm = z.object({
  grant_type: z.string({ error: 'grant_type is required (client_credentials)' }).max(100),
  scope: z.string().max(1000).optional(),
  client_id: z.string().max(200).optional(),
  client_assertion_type: z.string().max(200).optional(),
  client_assertion: z.string().max(16_384).optional(),
});

/** A form body as its fields; a field given twice is refused (RFC 6749 §3.2). */
function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) {
      throw new TokenRequestError('invalid_request', `${name} is given more than once.`);
    }
    fields[name] = value;
  }
  return fields;
}

/** Any failure of this route as RFC 6749 §5.2 words it (the description never quotes the request). */
function tokenError(error: FastifyError | Error): { status: number; error: string; description: string } {
  if (error instanceof TokenRequestError) {
    return { status: error.status, error: error.error, description: error.description };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const first = fastifyError.validation[0];
    return { status: 400, error: 'invalid_request', description: first?.message ?? 'The request is not valid.' };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 415) {
    return {
      status: 400,
      error: 'invalid_request',
      description: 'Send the form as application/x-www-form-urlencoded.',
    };
  }
  if (status === 413) {
    return { status, error: 'invalid_request', description: 'The request is too large.' };
  }
  if (status === 429) {
    return { status, error: 'invalid_request', description: 'Too many token requests: wait a minute.' };
  }
  // A cross-site browser post keeps its 403 (the same-origin check's); other refusals are RFC 6749's 400.
  if (status >= 400 && status < 500) {
    return { status: status === 403 ? 403 : 400, error: 'invalid_request', description: error.message };
  }
  return { status: 500, error: 'server_error', description: 'Something went wrong on our side. Please try again.' };
}

export function registerFhirTokenRoute(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_request, body, done) => {
        try {
          done(null, parseForm(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const answer = tokenError(error);
      if (answer.status >= 500) {
        request.log.error({ err: error }, 'token request failed');
      }
      if (answer.status === 401 && request.headers.authorization?.toLowerCase().startsWith('basic ')) {
        reply.header('www-authenticate', 'Basic realm="fhir"');
      }
      return reply
        .status(answer.status)
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({ error: answer.error, error_description: answer.description });
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/auth/token',
      {
        config: { access: 'public', acceptsForm: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['fhir'],
          summary:
            'OAuth 2.0 token endpoint for machine clients (client_credentials; private_key_jwt or ' +
            'client_secret_basic), form-encoded: a 5-minute bearer token for the FHIR read API.',
          body: ZTokenForm,
        },
      },
      async (request, reply) => {
        if (!request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
          throw new TokenRequestError('invalid_request', 'Send the form as application/x-www-form-urlencoded.');
        }
        const form = request.body;
        const token = await app.deps.systemTokens.issue({
          grantType: form.grant_type,
          scope: form.scope,
          clientId: form.client_id,
          clientAssertionType: form.client_assertion_type,
          clientAssertion: form.client_assertion,
          authorization: request.headers.authorization,
        });
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(token);
      },
    );
  });
}
