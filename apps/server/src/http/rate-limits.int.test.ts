import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssessment } from '../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../test/factories';
import { readError } from '../../test/test-client';
import { startTestServer, type TestServer } from '../../test/test-server';
import { UNKNOWN_CODE_LIMIT } from '../modules/respondent/unknown-code-limiter';

// DESIGN.md "Security and reliability": "Rate limits on login and patient-code routes." The server trusts X-Forwarded-For here (as behind
// the institute's proxy), so each test gives every attacker and bystander an address of its own. The limits count
// real time (not the test clock), so each test stays inside one minute. The unknown-code limit's threshold,
// refusal of valid codes and reset are in modules/respondent/patient-rate-limit.int.test.ts; here, that it is per address.

const PASSWORD = 'correct horse battery'; // test/factories.ts signs every user in with this

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await server?.close();
});

function from(ip: string): { 'x-forwarded-for': string } {
  return { 'x-forwarded-for': ip };
}

describe('institute login start', () => {
  it('answers the 31st GET /auth/login in a minute from one address with 429, other addresses still start', async () => {
    const client = server.client();
    for (let i = 1; i <= 30; i++) {
      const response = await client.get('/auth/login', { headers: from('192.0.2.1') });
      expect(response.status, `attempt ${i}`).toBe(302);
    }
    const refused = await client.get('/auth/login', { headers: from('192.0.2.1') });
    expect(refused.status).toBe(429);
    expect((await readError(refused)).code).toBe('RATE_LIMITED');
    expect((await server.client().get('/auth/login', { headers: from('192.0.2.2') })).status).toBe(302);
  });

  it('limits the callback the same way (30 a minute per address)', async () => {
    const client = server.client();
    for (let i = 1; i <= 30; i++) {
      expect((await client.get('/auth/callback', { headers: from('192.0.2.3') })).status, `attempt ${i}`).toBe(302);
    }
    expect((await client.get('/auth/callback', { headers: from('192.0.2.3') })).status).toBe(429);
  });
});

describe('local account sign-in', () => {
  let victim: SignedInUser;
  let bystander: SignedInUser;

  beforeAll(async () => {
    victim = await createSignedInClinician(server, 'victim');
    bystander = await createSignedInClinician(server, 'bystander');
  });

  it('refuses the 11th attempt on one account from one address in a minute, even with the right password', async () => {
    const attacker = server.client();
    for (let i = 1; i <= 10; i++) {
      // Case variants of the username count as the same account.
      const username = i % 2 === 0 ? victim.username.toUpperCase() : victim.username;
      const guess = await attacker.post(
        '/auth/local/login',
        { username, password: `wrong guess ${i}` },
        { headers: from('192.0.2.10') },
      );
      expect(guess.status, `guess ${i}`).toBe(401);
    }
    const eleventh = await attacker.post(
      '/auth/local/login',
      { username: victim.username, password: PASSWORD },
      { headers: from('192.0.2.10') },
    );
    expect(eleventh.status).toBe(429);
    expect((await readError(eleventh)).code).toBe('RATE_LIMITED');
    expect(eleventh.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);

    // Another account from the same address (a colleague behind the same clinic NAT) still signs in.
    const colleague = await server
      .client()
      .post('/auth/local/login', { username: bystander.username, password: PASSWORD }, { headers: from('192.0.2.10') });
    expect(colleague.status).toBe(200);
    // The account's owner, from their own address, is not locked out by the guessing.
    const owner = await server
      .client()
      .post('/auth/local/login', { username: victim.username, password: PASSWORD }, { headers: from('192.0.2.11') });
    expect(owner.status).toBe(200);
  });

  it('cannot be dodged by sending a made-up X-Forwarded-For (the proxy appends the real address)', async () => {
    const attacker = server.client();
    for (let i = 1; i <= 10; i++) {
      // What the proxy forwards: the attacker's own header, then the address it really saw.
      const spoofed = { 'x-forwarded-for': `10.9.${i}.1, 192.0.2.12` };
      const guess = await attacker.post(
        '/auth/local/login',
        { username: bystander.username, password: `wrong guess ${i}` },
        { headers: spoofed },
      );
      expect(guess.status, `guess ${i}`).toBe(401);
    }
    const eleventh = await attacker.post(
      '/auth/local/login',
      { username: bystander.username, password: PASSWORD },
      { headers: { 'x-forwarded-for': '10.9.99.1, 192.0.2.12' } },
    );
    expect(eleventh.status).toBe(429);
  });

  it('limits account registration to 5 a minute per address', async () => {
    const client = server.client();
    for (let i = 1; i <= 5; i++) {
      const username = `reg-${Date.now().toString(36)}-${i}`;
      const response = await client.post(
        '/auth/local/register',
        { username, password: 'long enough password' },
        { headers: from('192.0.2.20') },
      );
      expect(response.status, `registration ${i}`).toBe(201);
    }
    const sixth = await client.post(
      '/auth/local/register',
      { username: `reg-${Date.now().toString(36)}-6`, password: 'long enough password' },
      { headers: from('192.0.2.20') },
    );
    expect(sixth.status).toBe(429);
  });
});

describe('patient link codes', () => {
  it('blocks only the guessing address: a patient elsewhere keeps answering', async () => {
    const clinician = await createSignedInClinician(server);
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    const guesser = server.client();
    for (let i = 0; i < UNKNOWN_CODE_LIMIT.max; i++) {
      const guess = `${String(i).padStart(4, '0')}${'g'.repeat(18)}`;
      expect((await guesser.get(`/api/patient/${guess}`, { headers: from('192.0.2.30') })).status).toBe(404);
    }
    // The guesser is refused even with the real code (the different answer would confirm a guess) ...
    expect((await guesser.get(`/api/patient/${code}`, { headers: from('192.0.2.30') })).status).toBe(429);
    // ... and the patient, from their own address, is not.
    const patient = server.client();
    expect((await patient.get(`/api/patient/${code}`, { headers: from('192.0.2.31') })).status).toBe(200);
    const saved = await patient.put(`/api/patient/${code}/answers/1`, { value: 3 }, { headers: from('192.0.2.31') });
    expect(saved.status).toBe(200);
  });
});
