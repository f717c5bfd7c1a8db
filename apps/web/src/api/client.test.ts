import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { onApi, onApiError } from '../../test/api-mock';
import { ApiError, apiRequest } from './client';

describe('apiRequest (the typed client)', () => {
  it("fills the route's path parameters, each encoded, and sends only the query values given", async () => {
    const saved = onApi('saveAnswer', { answeredCount: 3, answers: '9'.repeat(220) });
    const listed = onApi('listAuditEvents', { items: [], page: 1, pageCount: 1, total: 0 });

    const answer = await apiRequest('saveAnswer', { params: { code: 'a b/c', item: 17 }, body: { value: 2 } });
    await apiRequest('listAuditEvents', { query: { action: 'login', actor: undefined, page: 2 } });

    expect(answer.answeredCount).toBe(3);
    expect(saved.map((request) => [request.params, request.body])).toEqual([
      [{ code: 'a b/c', item: '17' }, { value: 2 }],
    ]);
    expect(listed[0]?.query.toString()).toBe('action=login&page=2');
  });

  it("throws the server's code, message and field messages as an ApiError", async () => {
    onApiError('grantCredits', 400, 'VALIDATION_FAILED', 'Please check the form.', { quantity: 'Too many' });

    const failure = await apiRequest('grantCredits', { body: { clinicianId: 'u-1', quantity: 5000 } }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please check the form.',
      fields: { quantity: 'Too many' },
    });
  });

  it('says something went wrong when a failure carries no error body of ours (a proxy page)', async () => {
    onApi('me', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));

    await expect(apiRequest('me')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('says the server could not be reached when the request fails on the network', async () => {
    onApi('me', () => HttpResponse.error());

    await expect(apiRequest('me')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'The server could not be reached. Check your connection and try again.',
    });
  });
});

// Type checks of the client (tsc runs over this file; the function is never called): what a route needs is required,
// what it does not take is refused, and the response has the contract's fields.
export async function typeChecksOfTheClient() {
  // @ts-expect-error a route with a path parameter needs it
  await apiRequest('getAssessment');
  // @ts-expect-error a route without a body takes none
  await apiRequest('me', { body: { id: 'x' } });
  // @ts-expect-error the body has the contract's fields
  await apiRequest('setViewMode', { body: { mode: 'admin' } });
  // @ts-expect-error the query has the contract's names and types
  await apiRequest('listAssessments', { query: { page: 'two' } });
  const details = await apiRequest('getAssessment', { params: { id: 7 } });
  // @ts-expect-error the response has only the contract's fields
  return details.patientName;
}
