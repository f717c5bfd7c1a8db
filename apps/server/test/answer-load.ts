import type { Db } from '../src/db/database';
import { assessments, users } from '../src/db/schema';
import { createRandomToken, hashToken } from '../src/lib/tokens';

// For the resilience tests and the benchmarks: open tests to save answers to, and the save request.

const DAY_MS = 86_400_000;
const BATCH = 500;

/**
 * `count` open, consented tests, inserted directly (in batches): returns their link codes. They belong to
 * `clinicianId`, or to a new clinician named after `label`. The rows keep the code itself (as rows made before link
 * nonces do), so they work whatever APP_SECRET the server runs with. Also the benchmarks' seed (bench/lib/seed.ts).
 */
export async function insertOpenTests(
  db: Db,
  options: { count: number; label?: string; clinicianId?: string; termsId?: number; consentId?: number },
): Promise<string[]> {
  const label = options.label ?? 'P';
  let clinicianId = options.clinicianId;
  if (!clinicianId) {
    clinicianId = `clinician-${createRandomToken(6)}`;
    await db.insert(users).values({ id: clinicianId, username: `${label} Test Clinician` });
  }
  const now = Date.now();
  const codes: string[] = [];
  for (let start = 0; start < options.count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.count - start) }, (_, j) => {
      const i = start + j;
      const code = createRandomToken(16);
      codes.push(code);
      const createdAt = new Date(now - i * 60_000);
      return {
        testCode: code,
        testCodeHash: hashToken(code),
        clinicianId,
        patientId: `${label.toUpperCase()}-${String(i).padStart(6, '0')}`,
        age: 20 + (i % 50),
        gender: 'Unspecified',
        race: 'Unspecified',
        postalCode: '10115',
        country: 'Germany',
        dsmCodes: ['F41.1'],
        primaryDsm: 'F41.1',
        termsId: options.termsId,
        createdAt,
        dueAt: new Date(now + 30 * DAY_MS),
        consentId: options.consentId,
        consentAgreedAt: createdAt,
        responses: '9'.repeat(220),
        answeredCount: 0,
      };
    });
    await db.insert(assessments).values(batch);
  }
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
