import type { ApiErrorBody, ErrorCode } from '@pid5/contract';

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

/** JSON fetch with the session cookie; throws ApiError for every non-2xx answer. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        init.json === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    throw apiErrorFrom(response.status, body, 'Something went wrong. Please try again.');
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
