import type { FastifyInstance } from 'fastify';

// Under the FHIR base (/fhir/) a client expects errors as an OperationOutcome (FHIR R4 RESTful API, "HTTP status
// codes"), not the product's `{ error: { code, message } }`: the one error handler's body is turned into one here,
// so every refusal (400, 401, 403, 404, 429, 503) and the rare 500 keeps its status and gains the FHIR shape.

const ISSUE_CODE: Record<number, string> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  409: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

export function operationOutcome(status: number, diagnostics: string) {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: status >= 500 ? 'fatal' : 'error', code: ISSUE_CODE[status] ?? 'exception', diagnostics }],
  };
}

export function registerFhirErrorOutcomes(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/fhir/') || reply.statusCode < 400 || typeof payload !== 'string') {
      return payload;
    }
    let message = 'The request failed.';
    try {
      const parsed = JSON.parse(payload) as { error?: { message?: unknown; fields?: Record<string, string> } };
      if (typeof parsed.error?.message === 'string') {
        message = parsed.error.message;
      }
    } catch {
      // Not our error body: the generic message.
    }
    reply.header('content-type', 'application/fhir+json; charset=utf-8');
    return JSON.stringify(operationOutcome(reply.statusCode, message));
  });
}
