import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { UNKNOWN_CODE_LIMIT } from './unknown-code-limiter';

// A server of its own: every test client comes from 127.0.0.1, so these counts would leak into other tests.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('guessing link codes', () => {
  it(`refuses every patient lookup with 429 after ${UNKNOWN_CODE_LIMIT.max} unknown codes in 10 minutes`, async () => {
    const clinician = await createSignedInClinician(server);
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    const patient = server.client();
    expect((await patient.get(`/api/patient/${code}`)).status).toBe(200);

    for (let i = 0; i < UNKNOWN_CODE_LIMIT.max; i++) {
      const guess = `${String(i).padStart(4, '0')}${'x'.repeat(18)}`;
      const response = await server.client().get(i % 2 === 0 ? `/api/patient/${guess}` : `/api/patient/short-${i}`);
      expect(response.status).toBe(404);
    }

    const refused = await server.client().get('/api/patient/ZZZZZZZZZZZZZZZZZZZZZZ');
    expect(refused.status).toBe(429);
    expect((await readError(refused)).code).toBe('RATE_LIMITED');
    // A valid code from the same address is refused too, or the different answer would confirm a guess.
    expect((await patient.get(`/api/patient/${code}`)).status).toBe(429);
    expect((await patient.put(`/api/patient/${code}/answers/1`, { value: 1 })).status).toBe(429);

    server.clock.advance(UNKNOWN_CODE_LIMIT.windowMs);
    expect((await patient.get(`/api/patient/${code}`)).status).toBe(200);
    expect((await patient.put(`/api/patient/${code}/answers/1`, { value: 1 })).status).toBe(200);
  });

  it('does not count known codes or rejected input against the address', async () => {
    server.clock.advance(UNKNOWN_CODE_LIMIT.windowMs);
    const clinician = await createSignedInClinician(server);
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    const patient = server.client();
    for (let i = 0; i < UNKNOWN_CODE_LIMIT.max + 5; i++) {
      expect((await patient.put(`/api/patient/${code}/answers/${(i % 220) + 1}`, { value: i % 4 })).status).toBe(200);
      expect((await patient.put(`/api/patient/${code}/answers/0`, { value: 1 })).status).toBe(400);
    }
    expect((await patient.get(`/api/patient/${code}`)).status).toBe(200);
  });
});
