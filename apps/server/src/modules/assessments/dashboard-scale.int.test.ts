import type { AssessmentSort } from '@pid5/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/database';
import { assessmentCounts, assessments, users } from '../../db/schema';
import { countAssessments, type AssessmentScope } from './assessments.repo';
import { listAssessments } from './assessments.service';

// Issue 14, the dashboard at a million tests: the unfiltered count is read from assessment_counts (kept by the
// triggers of migration 0012), and a page in the second half is read from the end with the sort reversed. These
// tests hold both to what counting and sorting all the rows give.

const START = Date.parse('2025-01-01T00:00:00Z');

let database: Database;
let drop: () => Promise<void>;
let serial = 0;

/** `count` rows for one clinician in one INSERT statement (the triggers see them as one transition table). */
function rows(clinicianId: string, count: number, shape: (i: number) => { answered: number; minute: number }) {
  return Array.from({ length: count }, (_, i) => {
    const { answered, minute } = shape(i);
    serial++;
    return {
      linkNonce: `scale-${serial}`,
      testCodeHash: `scale-hash-${serial}`,
      clinicianId,
      patientId: `S-${serial}`,
      age: 40,
      gender: '',
      race: '',
      postalCode: '12345',
      country: 'US',
      dsmCodes: ['F41.1'],
      primaryDsm: 'F41.1',
      createdAt: new Date(START + minute * 60_000),
      dueAt: new Date(START + minute * 60_000 + 30 * 86_400_000),
      responses: '1'.repeat(answered) + '9'.repeat(220 - answered),
      answeredCount: answered,
    };
  });
}

async function storedCounts(): Promise<Record<string, number>> {
  const kept = await database.db.select().from(assessmentCounts);
  return Object.fromEntries(kept.filter((row) => row.n > 0).map((row) => [row.clinicianId, row.n]));
}

async function countedCounts(): Promise<Record<string, number>> {
  const counted = await database.db
    .select({ clinicianId: assessments.clinicianId, n: sql<number>`count(*)::int` })
    .from(assessments)
    .groupBy(assessments.clinicianId);
  return Object.fromEntries(counted.map((row) => [row.clinicianId, row.n]));
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await database.db.insert(users).values(['scale-a', 'scale-b', 'scale-c'].map((id) => ({ id, username: id })));
});
afterAll(async () => {
  await drop();
});

describe('assessment_counts (migration 0012)', () => {
  it('follows inserts of one and of many rows, a test moved to another clinician, and deletes', async () => {
    await database.db.insert(assessments).values(rows('scale-a', 1, () => ({ answered: 0, minute: 0 })));
    await database.db.insert(assessments).values(rows('scale-b', 40, (i) => ({ answered: i, minute: i })));
    expect(await storedCounts()).toEqual({ 'scale-a': 1, 'scale-b': 40 });

    const [moved] = await database.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.clinicianId, 'scale-b'))
      .limit(1);
    await database.db
      .update(assessments)
      .set({ clinicianId: 'scale-c' })
      .where(eq(assessments.id, moved?.id ?? 0));
    await database.db.delete(assessments).where(eq(assessments.clinicianId, 'scale-a'));
    // An answer save sets other columns: no count changes.
    await database.db.update(assessments).set({ answeredCount: 3 }).where(eq(assessments.clinicianId, 'scale-b'));

    expect(await storedCounts()).toEqual({ 'scale-b': 39, 'scale-c': 1 });
    expect(await storedCounts()).toEqual(await countedCounts());
  });

  it('counts the rows already there when the migration runs', async () => {
    // As before 0012: no table, no triggers; then the migration runner meets 0012 as new.
    await database.db.execute(sql`DROP TABLE assessment_counts`);
    await database.db.execute(
      sql`DROP FUNCTION assessment_counts_after_insert, assessment_counts_after_delete, assessment_counts_after_move,
        assessment_counts_after_truncate CASCADE`,
    );
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE name LIKE '0012%'`);
    await database.db.insert(assessments).values(rows('scale-a', 7, (i) => ({ answered: i, minute: i })));
    expect(await database.migrate()).toEqual([expect.stringMatching(/^0012/)]);
    expect(await storedCounts()).toEqual(await countedCounts());
    expect(await storedCounts()).toMatchObject({ 'scale-a': 7 });
  });

  it('gives the dashboard the same totals as counting, and counts whenever a search or filter narrows', async () => {
    const now = new Date();
    const all: AssessmentScope = { kind: 'all' };
    const own: AssessmentScope = { kind: 'own', clinicianId: 'scale-b' };
    const [everyone] = await database.db.select({ n: sql<number>`count(*)::int` }).from(assessments);
    expect(await countAssessments(database.db, { scope: all, search: '', status: 'all', now })).toBe(everyone?.n);
    expect(await countAssessments(database.db, { scope: own, search: '', status: 'all', now })).toBe(39);
    const ownIds = await database.db
      .select({ patientId: assessments.patientId })
      .from(assessments)
      .where(eq(assessments.clinicianId, 'scale-b'));
    const matching = ownIds.filter((row) => row.patientId.toLowerCase().includes('s-4')).length;
    expect(matching).toBeGreaterThan(0);
    expect(await countAssessments(database.db, { scope: own, search: 'S-4', status: 'all', now })).toBe(matching);
    expect(await countAssessments(database.db, { scope: own, search: '', status: 'completed', now })).toBe(0);
    expect(
      await countAssessments(database.db, {
        scope: { kind: 'own', clinicianId: 'nobody' },
        search: '',
        status: 'all',
        now,
      }),
    ).toBe(0);
  });
});

describe('dashboard pages deep in a long list', () => {
  const CLINICIAN = 'scale-c';
  const scope: AssessmentScope = { kind: 'own', clinicianId: CLINICIAN };
  /** 1,205 of this clinician's tests (with the one moved there above): 121 pages, the last with 6 rows. */
  const MANY = 1_205;

  beforeAll(async () => {
    // Three answer counts and two tests per minute: ties in both sorts' first key, broken by the next ones.
    await database.db
      .insert(assessments)
      .values(rows(CLINICIAN, MANY - 1, (i) => ({ answered: (i % 3) * 100, minute: 10_000 + Math.floor(i / 2) })));
  });

  /** The four sorts as the dashboard states them, by the stored rows alone. */
  function expectedOrder(
    all: { id: number; answeredCount: number; createdAt: Date }[],
    sort: AssessmentSort,
  ): number[] {
    const byCreated = (a: (typeof all)[number], b: (typeof all)[number]) =>
      a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
    const ascending = [...all].sort((a, b) =>
      sort.startsWith('answered') ? a.answeredCount - b.answeredCount || byCreated(a, b) : byCreated(a, b),
    );
    return (sort.endsWith('asc') ? ascending : ascending.reverse()).map((row) => row.id);
  }

  it.each(['answered-asc', 'answered-desc', 'created-asc', 'created-desc'] as const)(
    '%s: first, middle, count-first, second-half, last and past-the-end pages are the rows in order',
    async (sort) => {
      const all = await database.db
        .select({ id: assessments.id, answeredCount: assessments.answeredCount, createdAt: assessments.createdAt })
        .from(assessments)
        .where(eq(assessments.clinicianId, CLINICIAN));
      expect(all).toHaveLength(MANY);
      const order = expectedOrder(all, sort);
      const list = (page: number) =>
        listAssessments({ db: database.db, scope, search: '', status: 'all', now: new Date(), sort, page, form: null });
      for (const page of [1, 2, 60, 61, 100, 101, 102, 111, 120, 121]) {
        const result = await list(page);
        expect({ page, ids: result.rows.map((row) => row.assessment.id) }).toEqual({
          page,
          ids: order.slice((page - 1) * 10, page * 10),
        });
        expect(result).toMatchObject({ total: MANY, page, pageCount: 121 });
      }
      const pastTheEnd = await list(500);
      expect(pastTheEnd).toMatchObject({ page: 121, pageCount: 121 });
      expect(pastTheEnd.rows.map((row) => row.assessment.id)).toEqual(order.slice(1_200));
    },
  );
});
