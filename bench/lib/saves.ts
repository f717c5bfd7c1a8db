import type autocannon from 'autocannon';

/**
 * Answer saves spread over many tests: each request picks the next test round-robin (so no single link comes near
 * the per-link limit of 600 a minute) and a random item and value. One request = one PUT = one saved answer.
 */
export function saveAnswerRequests(codes: readonly string[]): autocannon.Request[] {
  let next = Math.floor(Math.random() * codes.length);
  return [
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        next = (next + 1) % codes.length;
        const item = 1 + Math.floor(Math.random() * 220);
        return {
          ...request,
          path: `/api/patient/${codes[next]}/answers/${item}`,
          body: `{"value":${Math.floor(Math.random() * 4)}}`,
        };
      },
    },
  ];
}
