import type { Database } from '../src/db/database';
import { assessments, users } from '../src/db/schema';
import { createRandomToken, hashToken } from '../src/lib/tokens';

// For the resilience tests: open tests to save answers to, and the save request, against a server process.

const DAY_MS = 86_400_000;

/**
 * `count` open, consented tests of a new clinician, inserted directly: returns their link codes. The rows keep
 * the code itself (as rows made before link nonces do), so they work whatever APP_SECRET the server runs with.
 */
export async function insertOpenTests(
  database: Database,
  options: { count: number; label: string },
): Promise<string[]> {
  const clinicianId = `clinician-${createRandomToken(6)}`;
  await database.db.insert(users).values({ id: clinicianId, username: `${options.label} Test Clinician` });
  const codes = Array.from({ length: options.count }, () => createRandomToken(16));
  const now = new Date();
  await database.db.insert(assessments).values(
    codes.map((code, i) => ({
      testCode: code,
      testCodeHash: hashToken(code),
      clinicianId,
      patientId: `${options.label.toUpperCase()}-${i}`,
      age: 40,
      gender: 'Unspecified',
      race: 'Unspecified',
      postalCode: '12345',
      country: 'United States',
      dsmCodes: ['F41.1'],
      primaryDsm: 'F41.1',
      createdAt: now,
      dueAt: new Date(now.getTime() + 30 * DAY_MS),
      consentAgreedAt: now,
      responses: '9'.repeat(220),
    })),
  );
  return codes;
}

/** The n-th save of a load: each test in turn, then each again at the next item. */
export function nthSave(codes: string[], n: number): { code: string; item: number } {
  return { code: codes[n % codes.length] ?? '', item: (Math.floor(n / codes.length) % 220) + 1 };
}

/** A patient's answer save (PUT /api/patient/<code>/answers/<item>); rejects when no answer comes within timeoutMs. */
export function putAnswer(url: string, save: { code: string; item: number; value: number; timeoutMs: number }) {
  return fetch(`${url}/api/patient/${save.code}/answers/${save.item}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value: save.value }),
    signal: AbortSignal.timeout(save.timeoutMs),
  });
}
