import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { answerChanges, assessments } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The time each answer was given travels with the save as its age and is stored on the server's clock; the
// response-time check at submit prints the figures (median, share under 2 s, longest fast stretch).

let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
});

/** A brief-form answer pattern that repeats only every 13 statements (valid by every other check). */
const ordinary = Array.from({ length: 25 }, (_, i) =>
  String([0, 1, 1, 2, 0, 1, 0, 1, 1, 0, 2, 1, 0][((i + 1) ** 2 + 3 * (i + 1)) % 13]),
);

async function openBriefTest() {
  const { row, code } = await insertAssessment(server, {
    clinicianId: clinician.id,
    consented: true,
    form: 'BF',
    responses: '9'.repeat(25),
  });
  return { row, code, patient: server.client() };
}

interface StoredLine {
  key: string;
  status: string;
  statement: string;
}

async function storedVerdict(id: number) {
  const [row] = await server.database.db.select().from(assessments).where(eq(assessments.id, id));
  return (
    row?.scores as {
      validityVerdict: {
        verdict: string;
        reasons: { code: string; text: string }[];
        lines: StoredLine[];
        notes: string[];
      };
    }
  ).validityVerdict;
}

describe('answer times', () => {
  it('stores an answer queued while offline at the time it was given, by the server clock', async () => {
    const { row, code, patient } = await openBriefTest();
    const saved = await patient.post(`/api/patient/${code}/answers`, {
      answers: [
        { item: 1, value: 0, answeredMsAgo: 90_000 },
        { item: 2, value: 1, answeredMsAgo: 30_000 },
        { item: 3, value: 1 },
      ],
    });
    expect(saved.status).toBe(200);
    const one = await patient.put(`/api/patient/${code}/answers/4`, { value: 2, answeredMsAgo: 1_500 });
    expect(one.status).toBe(200);
    const changes = await server.database.db
      .select({ item: answerChanges.item, changedAt: answerChanges.changedAt, answeredAt: answerChanges.answeredAt })
      .from(answerChanges)
      .where(eq(answerChanges.assessmentId, row.id))
      .orderBy(asc(answerChanges.item));
    const ages = changes.map((c) => (c.answeredAt === null ? null : c.changedAt.getTime() - c.answeredAt.getTime()));
    expect(ages).toEqual([90_000, 30_000, null, 1_500]);
  });

  it('refuses a negative age with a clear error', async () => {
    const { code, patient } = await openBriefTest();
    const response = await patient.put(`/api/patient/${code}/answers/1`, { value: 2, answeredMsAgo: -5 });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/answeredMsAgo/);
  });

  it('flags a test answered at under a second a statement with its figures', async () => {
    const { row, code, patient } = await openBriefTest();
    // Statement n given (25 - n) × 0.8 s before the save: 0.8 s a statement.
    const answers = [...ordinary].map((value, i) => ({
      item: i + 1,
      value: Number(value),
      answeredMsAgo: (24 - i) * 800,
    }));
    expect((await patient.post(`/api/patient/${code}/answers`, { answers })).status).toBe(200);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);
    const verdict = await storedVerdict(row.id);
    expect(verdict.verdict).toBe('caution');
    expect(verdict.reasons.map((r) => r.code)).toEqual(['FAST_ANSWERS']);
    const time = verdict.lines.find((l) => l.key === 'TIME');
    expect(time?.status).toBe('flagged');
    expect(time?.statement).toContain(
      'Median 0.8 seconds per statement; 100 % of the statements (24 of 24) answered in under 2 seconds; longest fast stretch 24 statements in a row',
    );
  });

  it('reads an unhurried test as no concern, and says so with its figures', async () => {
    const { row, code, patient } = await openBriefTest();
    const answers = [...ordinary].map((value, i) => ({
      item: i + 1,
      value: Number(value),
      answeredMsAgo: (24 - i) * 6_000,
    }));
    expect((await patient.post(`/api/patient/${code}/answers`, { answers })).status).toBe(200);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);
    const verdict = await storedVerdict(row.id);
    expect(verdict.verdict).toBe('valid');
    const time = verdict.lines.find((l) => l.key === 'TIME');
    expect(time?.status).toBe('ok');
    expect(time?.statement).toContain('Median 6.0 seconds per statement; 0 % of the statements (0 of 24)');
  });

  it('scores answers saved without their times as before: the time check "not recorded", no concern', async () => {
    const { row, code, patient } = await openBriefTest();
    const answers = [...ordinary].map((v, i) => ({ item: i + 1, value: Number(v) }));
    expect((await patient.post(`/api/patient/${code}/answers`, { answers })).status).toBe(200);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);
    const verdict = await storedVerdict(row.id);
    expect(verdict.verdict).toBe('valid');
    expect(verdict.lines.find((l) => l.key === 'TIME')).toMatchObject({ status: 'not-recorded', isConcern: false });
  });
});
