import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API_ROUTES, type ApiResponse, type ApiRouteName, type ErrorCode } from '@pid5/contract';

/**
 * The request mock layer of the web component tests: it stands in for the server over HTTP. Handlers are declared
 * per contract route (the paths and response types of packages/contract), so a fixture with a renamed or missing
 * field fails type-checking like the app would.
 */
export const apiServer = setupServer();

const unhandledRequests: string[] = [];
apiServer.events.on('request:unhandled', ({ request }) => {
  unhandledRequests.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** The requests no handler answered since the last call (the setup fails a test that made any). */
export function takeUnhandledRequests(): string[] {
  return unhandledRequests.splice(0);
}

/** One request a route received, as the server would read it. */
export interface ReceivedRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

type Answer<N extends ApiRouteName> = ApiResponse<N> | Response;
type Responder<N extends ApiRouteName> = (request: ReceivedRequest) => Answer<N> | Promise<Answer<N>>;

/**
 * Answers a contract route for the rest of the test: with `answer` (the route's typed response, sent as JSON with
 * `status`), or with what `answer` returns for each request. Returns the requests received, in order.
 */
export function onApi<N extends ApiRouteName>(
  name: N,
  answer: ApiResponse<N> | Responder<N>,
  { status = 200 }: { status?: number } = {},
): ReceivedRequest[] {
  const route = API_ROUTES[name];
  const received: ReceivedRequest[] = [];
  const method = ({ GET: http.get, POST: http.post, PUT: http.put } as const)[route.method];
  apiServer.use(
    method(route.path, async ({ request, params }) => {
      const text = await request.text();
      const one: ReceivedRequest = {
        params: params as Record<string, string>,
        query: new URL(request.url).searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      received.push(one);
      const result = typeof answer === 'function' ? await (answer as Responder<N>)(one) : answer;
      return result instanceof Response ? result : HttpResponse.json(result as object, { status });
    }),
  );
  return received;
}

/** The server's error answer: `{ error: { code, message, fields } }` with an HTTP status. */
export function apiError(status: number, code: ErrorCode, message: string, fields?: Record<string, string>): Response {
  return HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** Answers a contract route with the server's error for the rest of the test. */
export function onApiError(
  name: ApiRouteName,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ReceivedRequest[] {
  return onApi(name, () => apiError(status, code, message, fields));
}

/** A reply held back until `release()`: the page stays in its loading state meanwhile. */
export function heldReply<T>(reply: T): { respond: () => Promise<T>; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    respond: async () => {
      await released;
      return reply;
    },
    release: () => release(),
  };
}
