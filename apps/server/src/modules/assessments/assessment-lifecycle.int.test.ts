import { and, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_STATUSES } from '@pid5/contract';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/database';
import { assessments, users } from '../../db/schema';
import {
  assessmentStatus,
  extendedDueAt,
  extendedDueAtSql,
  isCompleted,
  isOpen,
  isOpenForAnswers,
  whereExtendable,
  whereStatus,
  whereNotCompleted,
  whereOpen,
  whereOpenForAnswers,
  type LifecycleFacts,
} from './assessment-lifecycle';

// The lifecycle's two halves must agree: for every row, the SQL guard matches exactly when the TypeScript rule says
// so (on PGlite and PostgreSQL), including at the due instant itself.

const NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;
const THIRTY_DAYS_BEFORE = new Date(NOW.getTime() - 30 * DAY);

const CASES: Record<
  string,
  Omit<LifecycleFacts, 'answeredCount' | 'createdAt'> & { createdAt?: Date; answeredCount?: number }
> = {
  'some answers, open': { dueAt: at(86_400_000), finishedAt: null, consentAgreedAt: at(-1000), answeredCount: 5 },
  'some answers, past due': { dueAt: at(-1), finishedAt: null, consentAgreedAt: at(-1000), answeredCount: 5 },
  'consent not yet given': { dueAt: at(86_400_000), finishedAt: null, consentAgreedAt: null },
  'open for answers': { dueAt: at(86_400_000), finishedAt: null, consentAgreedAt: at(-1000) },
  'one millisecond before the due date': { dueAt: at(1), finishedAt: null, consentAgreedAt: at(-1000) },
  'exactly at the due date': { dueAt: NOW, finishedAt: null, consentAgreedAt: at(-1000) },
  'past due': { dueAt: at(-1), finishedAt: null, consentAgreedAt: at(-1000) },
  'past due without consent': { dueAt: at(-1), finishedAt: null, consentAgreedAt: null },
  submitted: { dueAt: at(86_400_000), finishedAt: at(-1), consentAgreedAt: at(-1000) },
  'submitted, then the due date passed': { dueAt: at(-1), finishedAt: at(-1000), consentAgreedAt: at(-2000) },
  // Extension (created 30 days before NOW, so first due NOW, limit NOW + 90 days).
  'due in exactly 7 days': { dueAt: at(7 * DAY), finishedAt: null, consentAgreedAt: null },
  'due in 7 days and a millisecond': { dueAt: at(7 * DAY + 1), finishedAt: null, consentAgreedAt: null },
  'extended to 5 days before the limit, due in 3 days': {
    createdAt: at(-113 * DAY),
    dueAt: at(3 * DAY),
    finishedAt: null,
    consentAgreedAt: null,
  },
  'at the limit': { dueAt: at(90 * DAY), finishedAt: null, consentAgreedAt: null },
  'expired after the limit': { createdAt: at(-150 * DAY), dueAt: at(-DAY), finishedAt: null, consentAgreedAt: null },
};

describe('the lifecycle in SQL agrees with the lifecycle in TypeScript', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.db.insert(users).values({ id: 'lifecycle-clinician', username: 'Lifecycle' });
    for (const [name, facts] of Object.entries(CASES)) {
      const [row] = await database.db
        .insert(assessments)
        .values({
          linkNonce: `nonce-${name}`,
          testCodeHash: `hash-${name}`,
          clinicianId: 'lifecycle-clinician',
          patientId: name,
          age: 40,
          gender: '',
          race: '',
          postalCode: '12345',
          country: 'Germany',
          dsmCodes: ['F41.1'],
          primaryDsm: 'F41.1',
          createdAt: THIRTY_DAYS_BEFORE,
          responses: '9'.repeat(220),
          answeredCount: 0,
          ...facts,
        })
        .returning({ id: assessments.id });
      ids.set(name, row!.id);
    }
  });

  afterAll(async () => {
    await drop();
  });

  async function matches(id: number, condition: SQL): Promise<boolean> {
    const rows = await database.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(eq(assessments.id, id), condition));
    return rows.length === 1;
  }

  it.each(Object.entries(CASES))('%s', async (name, facts) => {
    const id = ids.get(name)!;
    const test = { createdAt: THIRTY_DAYS_BEFORE, answeredCount: 0, ...facts };
    expect(await matches(id, whereNotCompleted())).toBe(!isCompleted(test));
    expect(await matches(id, whereOpen(NOW))).toBe(isOpen(test, NOW));
    expect(await matches(id, whereOpenForAnswers(NOW))).toBe(isOpenForAnswers(test, NOW));
    for (const status of ASSESSMENT_STATUSES) {
      expect(await matches(id, whereStatus(status, NOW)), status).toBe(assessmentStatus(test, NOW) === status);
    }
    const extended = extendedDueAt(test, NOW);
    expect(await matches(id, whereExtendable(NOW))).toBe(extended !== null);
    if (extended) {
      const [row] = await database.db
        .select({ dueAt: extendedDueAtSql(NOW).mapWith(assessments.dueAt) })
        .from(assessments)
        .where(eq(assessments.id, id));
      expect(row!.dueAt).toEqual(extended);
    }
  });
});
