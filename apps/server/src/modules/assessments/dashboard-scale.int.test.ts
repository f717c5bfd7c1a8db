import type { AssessmentSort } from '@pid5/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/database';
import { assessmentCounts, assessments, users } from '../../db/schema';
import { whereStatus } from './assessment-lifecycle';
import { countAssessments, type AssessmentScope } from './assessments.repo';
import { listAssessments } from './assessments.service';

// The dashboard at a million tests: the unfiltered count is read from assessment_counts (kept by the
// triggers of migration 0012), and a page in the second half is read from the end with the sort reversed. These
// tests hold both to what counting and sorting all the rows give.

const START = Date.parse('2025-01-01T00:00:00Z');

let database: Database;
let drop: () => Promise<void>;
let serial = 0;

interface RowShape {
  answered: number;
  minute: number;
  /** Submitted (finished_at set). */
  finished?: boolean;
  /** Due in the future (else due 30 days after its 2025 creation: expired unless submitted). */
  open?: boolean;
}

/** `count` rows for one clinician in one INSERT statement (the triggers see them as one transition table). */
function rows(clinicianId: string, count: number, shape: (i: number) => RowShape) {
  return Array.from({ length: count }, (_, i) => {
    const { answered, minute, finished = false, open = false } = shape(i);
    const createdAt = new Date(START + minute * 60_000);
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
      createdAt,
      dueAt: open ? new Date(Date.now() + 10 * 86_400_000) : new Date(createdAt.getTime() + 30 * 86_400_000),
      responses: '1'.repeat(answered) + '9'.repeat(220 - answered),
      answeredCount: answered,
      finishedAt: finished ? new Date(createdAt.getTime() + 3_600_000) : null,
    };
  });
}

/** Per clinician: [tests, submitted tests], as kept by the triggers. */
async function storedCounts(): Promise<Record<string, [number, number]>> {
  const kept = await database.db.select().from(assessmentCounts);
  return Object.fromEntries(kept.filter((row) => row.n > 0).map((row) => [row.clinicianId, [row.n, row.finished]]));
}

/** Per clinician: [tests, submitted tests], counted. */
async function countedCounts(): Promise<Record<string, [number, number]>> {
  const counted = await database.db
    .select({
      clinicianId: assessments.clinicianId,
      n: sql<number>`count(*)::int`,
      finished: sql<number>`count(${assessments.finishedAt})::int`,
    })
    .from(assessments)
    .groupBy(assessments.clinicianId);
  return Object.fromEntries(counted.map((row) => [row.clinicianId, [row.n, row.finished]]));
}

const idsOf = async (clinicianId: string) =>
  (
    await database.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.clinicianId, clinicianId))
      .orderBy(assessments.id)
  ).map((row) => row.id);

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await database.db.insert(users).values(['scale-a', 'scale-b', 'scale-c'].map((id) => ({ id, username: id })));
});
afterAll(async () => {
  await drop();
});

describe('assessment_counts (migration 0012)', () => {
  it('follows inserts of one and of many rows, submissions, a test moved to another clinician, and deletes', async () => {
    await database.db.insert(assessments).values(rows('scale-a', 1, () => ({ answered: 0, minute: 0 })));
    await database.db
      .insert(assessments)
      .values(rows('scale-b', 40, (i) => ({ answered: i, minute: i, finished: i % 4 === 0, open: i % 5 === 0 })));
    expect(await storedCounts()).toEqual({ 'scale-a': [1, 0], 'scale-b': [40, 10] });

    const [first, second, third] = await idsOf('scale-b');
    // A submission, as the patient's submit sets finished_at; and its undoing by hand.
    await database.db
      .update(assessments)
      .set({ finishedAt: new Date() })
      .where(eq(assessments.id, second ?? 0));
    await database.db
      .update(assessments)
      .set({ finishedAt: null })
      .where(eq(assessments.id, first ?? 0));
    expect(await storedCounts()).toMatchObject({ 'scale-b': [40, 10] });
    // Moved and submitted in one statement: counted once, at its new clinician.
    await database.db
      .update(assessments)
      .set({ clinicianId: 'scale-c', finishedAt: new Date() })
      .where(eq(assessments.id, third ?? 0));
    await database.db.delete(assessments).where(eq(assessments.clinicianId, 'scale-a'));
    // An answer save sets other columns: no count changes.
    await database.db.update(assessments).set({ answeredCount: 3 }).where(eq(assessments.clinicianId, 'scale-b'));

    expect(await storedCounts()).toEqual({ 'scale-b': [39, 10], 'scale-c': [1, 1] });
    expect(await storedCounts()).toEqual(await countedCounts());
  });

  it('counts the rows already there when the migration runs', async () => {
    // As before 0012: no table, no triggers, no index; then the migration runner meets 0012 as new.
    await database.db.execute(sql`DROP TABLE assessment_counts`);
    await database.db.execute(sql`DROP INDEX assessments_unfinished_due`);
    await database.db.execute(
      sql`DROP FUNCTION assessment_counts_after_insert, assessment_counts_after_delete, assessment_counts_after_move,
        assessment_counts_after_finish, assessment_counts_after_truncate CASCADE`,
    );
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE name LIKE '0012%'`);
    await database.db
      .insert(assessments)
      .values(rows('scale-a', 7, (i) => ({ answered: i, minute: i, finished: i < 2 })));
    expect(await database.migrate()).toEqual([expect.stringMatching(/^0012/)]);
    expect(await storedCounts()).toEqual(await countedCounts());
    expect(await storedCounts()).toMatchObject({ 'scale-a': [7, 2] });
  });

  it('gives the dashboard the same totals as counting, for every status, and counts a search', async () => {
    const now = new Date();
    // Open tests of every kind besides the expired and submitted ones above.
    await database.db
      .insert(assessments)
      .values(rows('scale-b', 12, (i) => ({ answered: i % 3 === 0 ? 0 : i, minute: 500 + i, open: true })));
    const scopes: AssessmentScope[] = [
      { kind: 'all' },
      { kind: 'own', clinicianId: 'scale-b' },
      { kind: 'own', clinicianId: 'nobody' },
    ];
    const statuses = ['all', 'completed', 'expired', 'in-progress', 'not-started'] as const;
    for (const scope of scopes) {
      for (const status of statuses) {
        const [counted] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(assessments)
          .where(
            and(
              scope.kind === 'own' ? eq(assessments.clinicianId, scope.clinicianId) : undefined,
              status === 'all' ? undefined : whereStatus(status, now),
            ),
          );
        expect({ scope, status, n: await countAssessments(database.db, { scope, search: '', status, now }) }).toEqual({
          scope,
          status,
          n: counted?.n,
        });
      }
    }
    expect(
      await countAssessments(database.db, { scope: scopes[1]!, search: '', status: 'expired', now }),
    ).toBeGreaterThan(0);
    expect(
      await countAssessments(database.db, { scope: scopes[1]!, search: '', status: 'not-started', now }),
    ).toBeGreaterThan(0);
    const own: AssessmentScope = { kind: 'own', clinicianId: 'scale-b' };
    const ownIds = await database.db
      .select({ patientId: assessments.patientId })
      .from(assessments)
      .where(eq(assessments.clinicianId, 'scale-b'));
    const matching = ownIds.filter((row) => row.patientId.toLowerCase().includes('s-4')).length;
    expect(matching).toBeGreaterThan(0);
    expect(await countAssessments(database.db, { scope: own, search: 'S-4', status: 'all', now })).toBe(matching);
  });
});

describe('dashboard pages deep in a long list', () => {
  const CLINICIAN = 'scale-c';
  const scope: AssessmentScope = { kind: 'own', clinicianId: CLINICIAN };
  /** 1,205 of this clinician's tests (with the one moved there above): 121 pages, the last with 5 rows. */
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
