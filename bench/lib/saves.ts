import type autocannon from 'autocannon';
import type { PlannedRequest } from './load';

/**
 * Answer saves spread over many tests: each request picks the next test round-robin (so no single link comes near
 * the per-link limit of 600 a minute) and a random item and value. One request = one PUT = one saved answer.
 */
export function nextSaveAnswer(codes: readonly string[]): () => PlannedRequest {
  let next = Math.floor(Math.random() * codes.length);
  return () => {
    next = (next + 1) % codes.length;
    const item = 1 + Math.floor(Math.random() * 220);
    return {
      method: 'PUT',
      path: `/api/patient/${codes[next]}/answers/${item}`,
      body: `{"value":${Math.floor(Math.random() * 4)}}`,
      headers: { 'content-type': 'application/json' },
    };
  };
}

/**
 * The floor route's twin of each next save (floor-routes.ts, the save's request handling without the database):
 * the same request, to /api/bench-floor/patient/… instead of /api/patient/….
 */
export function nextFloorRequest(codes: readonly string[]): () => PlannedRequest {
  const next = nextSaveAnswer(codes);
  return () => {
    const save = next();
    return { ...save, path: save.path.replace('/api/patient/', '/api/bench-floor/patient/') };
  };
}

/** The same saves for autocannon. */
export function saveAnswerRequests(codes: readonly string[]): autocannon.Request[] {
  const next = nextSaveAnswer(codes);
  return [{ setupRequest: (request) => ({ ...request, ...next() }) }];
}
