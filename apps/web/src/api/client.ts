import type { ApiErrorBody, ErrorCode } from '@pid5/contract';
import {
  API_ROUTES,
  type ApiBody,
  type ApiPathParams,
  type ApiQuery,
  type ApiResponse,
  type ApiRouteName,
} from '@pid5/contract/api-routes';

/** An API failure with the server's stable code and a message written for a person. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** TanStack Query `retry`: one more try after a network or server failure; a refusal (4xx) would only be refused again. */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !(error instanceof ApiError && error.status < 500);
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}

type ParamsPart<N extends ApiRouteName> = [keyof ApiPathParams<N>] extends [never]
  ? { params?: never }
  : { params: ApiPathParams<N> };
type BodyPart<N extends ApiRouteName> = ApiBody<N> extends undefined ? { body?: never } : { body: ApiBody<N> };
type QueryPart<N extends ApiRouteName> = ApiQuery<N> extends undefined ? { query?: never } : { query?: ApiQuery<N> };

/** What a call to one route needs besides its name: the parts the route has (path parameters, body, query). */
export type ApiRequestOptions<N extends ApiRouteName> = { signal?: AbortSignal } & ParamsPart<N> &
  BodyPart<N> &
  QueryPart<N>;

/**
 * Calls one route of the contract (`API_ROUTES`) and resolves to its response, typed from the schema the server
 * answers with; throws ApiError for every non-2xx answer.
 */
export function apiRequest<N extends ApiRouteName>(
  name: N,
  // Options may be left out only when the route needs none of them.
  ...[options]: Partial<ApiRequestOptions<N>> extends ApiRequestOptions<N>
    ? [options?: ApiRequestOptions<N>]
    : [options: ApiRequestOptions<N>]
): Promise<ApiResponse<N>> {
  const route = API_ROUTES[name];
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiFetch<ApiResponse<N>>(routeUrl(route.path, params, query), { method: route.method, json: body, signal });
}

/** A route's path with its `:parameters` filled in (each encoded) and the query's defined values appended. */
function routeUrl(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) {
      search.set(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * The page's language for the server (its messages to a person follow Accept-Language) and the two messages this
 * module makes itself, in that language.
 */
const requestLanguage = {
  language: undefined as string | undefined,
  unreachable: 'The server could not be reached. Check your connection and try again.',
  failed: 'Something went wrong. Please try again.',
};

export function setRequestLanguage(language: string, messages?: { unreachable: string; failed: string }): void {
  requestLanguage.language = language;
  Object.assign(requestLanguage, messages ?? {});
}

/** The page's language for a request the app makes itself (a PDF's fetch, say), once the page has one. */
export function languageHeaders(): Record<string, string> {
  return requestLanguage.language ? { 'accept-language': requestLanguage.language } : {};
}

function requestHeaders(hasBody: boolean): Record<string, string> {
  return {
    accept: 'application/json',
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
    ...languageHeaders(),
  };
}

/** JSON fetch with the session cookie; throws ApiError for every non-2xx answer. */
async function apiFetch<T>(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: requestHeaders(init.json !== undefined),
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', requestLanguage.unreachable);
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    throw apiErrorFrom(response.status, body, requestLanguage.failed);
  }
  return body as T;
}

/** The error for a non-2xx answer, read from the response: see apiErrorFrom. */
export async function errorFromResponse(response: Response, fallback: string): Promise<ApiError> {
  const text = await response.text();
  return apiErrorFrom(response.status, text ? safeJson(text) : null, fallback);
}

/** The error for a non-2xx answer: the server's code, message and fields, or `fallback` when the body is not ours. */
function apiErrorFrom(status: number, body: unknown, fallback: string): ApiError {
  return isApiErrorBody(body)
    ? new ApiError(status, body.error.code, body.error.message, body.error.fields)
    : new ApiError(status, 'INTERNAL', fallback);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
