import { count as countRows, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import type { Db } from '../../db/database';
import { answeredShareOf, assessmentPatientIds, assessments } from '../../db/schema';
import { countAssessments, listAssessmentsPage, searchCondition, type AssessmentScope } from './assessments.repo';

// The dashboard's indexes (migrations 0004, 0015): the search uses the trigram index and paging reads the page's ids
// from the sort's index. With sequential scans switched off the planner must take those paths, so these tests
// check that the results through them are the same rows as the small-table plans give.

let server: TestServer;
let clinicianId: string;
let scope: AssessmentScope;
const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  clinicianId = (await createSignedInClinician(server)).id;
  scope = { kind: 'own', clinicianId };
  const start = Date.parse('2025-03-01T10:00:00Z');
  for (let i = 1; i <= 30; i++) {
    const answered = (i * 37) % 221;
    await insertAssessment(server, {
      clinicianId,
      patientId: i === 7 ? 'Ward_50%' : `Pat-${String(i).padStart(3, '0')}`,
      createdAt: new Date(start + i * DAY_MS),
      responses: '1'.repeat(answered) + '9'.repeat(220 - answered),
    });
  }
});
afterAll(async () => {
  await server.close();
});

/** Runs `work` in one transaction with sequential scans off (SET LOCAL: only this transaction, one connection). */
function withIndexesOnly<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  return server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

/** The plan PostgreSQL chooses for `query` (SQL text, or a query built with Drizzle). */
async function plan(tx: Db, query: string | SQLWrapper): Promise<string> {
  const result = await tx.execute(typeof query === 'string' ? sql.raw(`explain ${query}`) : sql`explain ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('dashboard paging and search through the indexes', () => {
  it('searches a substring through the trigram index, wildcards literal, the same rows as without it', async () => {
    const [count, page, literal, usesTrigram] = await withIndexesOnly(async (tx) => [
      await countAssessments(tx, { scope, search: 'AT-01', status: 'all', now: new Date() }),
      await listAssessmentsPage(tx, {
        scope,
        search: 'at-01',
        status: 'all',
        now: new Date(),
        sort: 'created-asc',
        limit: 10,
        offset: 0,
      }),
      await countAssessments(tx, { scope, search: '_50%', status: 'all', now: new Date() }),
      await plan(tx, tx.select({ n: countRows() }).from(assessments).where(searchCondition('at-01'))),
    ]);
    expect(usesTrigram).toContain('assessment_patient_ids_trgm');
    expect(count).toBe(10);
    expect(page.map((row) => row.assessment.patientId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pat-${String(10 + i).padStart(3, '0')}`),
    );
    expect(literal).toBe(1);
  });

  it('reads the Questions Completed sort from its index on the share answered alone (0014), for a clinician and for all', async () => {
    const share = answeredShareOf(assessments);
    const cases: [SQL | undefined, string][] = [
      [eq(assessments.clinicianId, clinicianId), 'assessments_clinician_answered_share_id'],
      [undefined, 'assessments_answered_share_created_id'],
    ];
    for (const [where, index] of cases) {
      const pageIds = server.database.db
        .select({ id: assessments.id })
        .from(assessments)
        .where(where)
        .orderBy(desc(share), desc(assessments.createdAt), desc(assessments.id))
        .limit(10)
        .offset(10);
      const text = await withIndexesOnly((tx) => plan(tx, pageIds));
      // Index only: the deep pages of a million tests walk the index, never the table.
      expect(text).toContain(`Index Only Scan Backward using ${index}`);
      expect(text).not.toMatch(/\bSort\b/);
    }
  });

  it('pages every sort without gaps or repeats, deep pages included', async () => {
    for (const sort of ['created-asc', 'created-desc', 'answered-asc', 'answered-desc'] as const) {
      const pages = await withIndexesOnly(async (tx) => {
        const all = [];
        for (let offset = 0; offset < 30; offset += 10) {
          all.push(
            ...(await listAssessmentsPage(tx, {
              scope,
              search: '',
              status: 'all',
              now: new Date(),
              sort,
              limit: 10,
              offset,
            })),
          );
        }
        return all;
      });
      expect(new Set(pages.map((row) => row.assessment.id)).size).toBe(30);
      const counts = pages.map((row) => row.assessment.answeredCount);
      if (sort === 'answered-asc') {
        expect(counts).toEqual([...counts].sort((x, y) => x - y));
      }
      if (sort === 'answered-desc') {
        expect(counts).toEqual([...counts].sort((x, y) => y - x));
      }
      const created = pages.map((row) => row.assessment.createdAt.getTime());
      if (sort === 'created-asc') {
        expect(created).toEqual([...created].sort((x, y) => x - y));
      }
      if (sort === 'created-desc') {
        expect(created).toEqual([...created].sort((x, y) => y - x));
      }
      // Only the dashboard's columns are read: never the answers or the scores.
      expect(Object.keys(pages[0]?.assessment ?? {}).sort()).toEqual(
        [
          'answeredCount',
          'clinicianId',
          'createdAt',
          'dueAt',
          'finishedAt',
          'form',
          'id',
          'language',
          'patientId',
        ].sort(),
      );
    }
  });
});

describe('the search table (migration 0015)', () => {
  /** The search table's rows for this clinician's tests, as [patient id, its search key]. */
  async function searchKeys(): Promise<[string, string | null][]> {
    const rows = await server.database.db
      .select({ patientId: assessments.patientId, key: assessmentPatientIds.patientIdLower })
      .from(assessments)
      .leftJoin(assessmentPatientIds, eq(assessmentPatientIds.assessmentId, assessments.id))
      .where(eq(assessments.clinicianId, clinicianId))
      .orderBy(assessments.id);
    return rows.map((row) => [row.patientId, row.key]);
  }

  it('holds every test’s patient id in lower case, made, corrected by hand or removed', async () => {
    const made = await insertAssessment(server, { clinicianId, patientId: 'Zed-MIXED-Case' });
    let keys = await searchKeys();
    expect(keys).toHaveLength(31);
    expect(keys.every(([patientId, key]) => key === patientId.toLowerCase())).toBe(true);

    // An operator's correction: the search finds the test by its new id only.
    await server.database.db
      .update(assessments)
      .set({ patientId: 'Corrected-Id' })
      .where(eq(assessments.id, made.row.id));
    const search = (text: string) =>
      countAssessments(server.database.db, { scope, search: text, status: 'all', now: new Date() });
    expect(await search('corrected')).toBe(1);
    expect(await search('zed-mixed')).toBe(0);

    await server.database.db.delete(assessments).where(eq(assessments.id, made.row.id));
    keys = await searchKeys();
    expect(keys).toHaveLength(30);
    expect(keys.every(([patientId, key]) => key === patientId.toLowerCase())).toBe(true);
  });

  it('is filled from the tests already there when the migration runs', async () => {
    // As before 0015: the trigram index on the tests themselves, no search table, no triggers.
    const db = server.database.db;
    await db.execute(sql`DROP TABLE assessment_patient_ids`);
    await db.execute(
      sql`DROP FUNCTION assessment_patient_ids_after_insert, assessment_patient_ids_after_change CASCADE`,
    );
    await db.execute(
      sql`CREATE INDEX assessments_patient_id_trgm ON assessments USING gin (lower(patient_id) gin_trgm_ops)`,
    );
    await db.execute(sql`DELETE FROM schema_migrations WHERE name LIKE '0015%'`);
    expect(await server.database.migrate()).toEqual([expect.stringMatching(/^0015/)]);
    const keys = await searchKeys();
    expect(keys).toHaveLength(30);
    expect(keys.every(([patientId, key]) => key === patientId.toLowerCase())).toBe(true);
    expect(await countAssessments(db, { scope, search: 'PAT-02', status: 'all', now: new Date() })).toBe(10);
  });
});
