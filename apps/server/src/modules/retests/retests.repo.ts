import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { retestRuns, retestSeries } from '../../db/schema';

// The re-test series' SQL (DESIGN.md "Messages to patients and clinicians", re-tests).

export type RetestSeriesRow = typeof retestSeries.$inferSelect;

/** The newest series started from this test, or null. */
export async function findSeriesOf(db: Db, sourceAssessmentId: number): Promise<RetestSeriesRow | null> {
  const rows = await db
    .select()
    .from(retestSeries)
    .where(eq(retestSeries.sourceAssessmentId, sourceAssessmentId))
    .orderBy(desc(retestSeries.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function listRuns(db: Db, seriesId: number): Promise<{ run: number; assessmentId: number }[]> {
  return db
    .select({ run: retestRuns.run, assessmentId: retestRuns.assessmentId })
    .from(retestRuns)
    .where(eq(retestRuns.seriesId, seriesId))
    .orderBy(asc(retestRuns.run));
}

export async function insertSeries(db: Db, series: typeof retestSeries.$inferInsert): Promise<RetestSeriesRow> {
  const [row] = await db.insert(retestSeries).values(series).returning();
  if (!row) {
    throw new Error('retest series insert returned nothing');
  }
  return row;
}

export async function updateSeries(
  db: Db,
  id: number,
  changes: Partial<typeof retestSeries.$inferInsert>,
): Promise<RetestSeriesRow | null> {
  const [row] = await db.update(retestSeries).set(changes).where(eq(retestSeries.id, id)).returning();
  return row ?? null;
}

/** The ids of active series whose next run has come. */
export async function listDueSeries(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: retestSeries.id })
    .from(retestSeries)
    .where(and(eq(retestSeries.state, 'active'), sql`${retestSeries.nextRunAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(retestSeries.nextRunAt));
  return rows.map((r) => r.id);
}

/**
 * Takes one due series for a run, locked until the caller's transaction ends; null when it is not due (any more) or
 * another process has it (SKIP LOCKED: that process runs it).
 */
export async function lockDueSeries(db: Db, id: number, now: Date): Promise<RetestSeriesRow | null> {
  const rows = await db
    .select()
    .from(retestSeries)
    .where(
      and(
        eq(retestSeries.id, id),
        eq(retestSeries.state, 'active'),
        sql`${retestSeries.nextRunAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .for('update', { skipLocked: true });
  return rows[0] ?? null;
}

export async function insertRun(db: Db, run: { seriesId: number; run: number; assessmentId: number }): Promise<void> {
  await db.insert(retestRuns).values(run);
}

/** Every series started from these tests, each with its runs (for the patient-data export). */
export async function listRetestSeriesOf(
  db: Db,
  sourceAssessmentIds: number[],
): Promise<{ series: RetestSeriesRow; runs: { run: number; assessmentId: number }[] }[]> {
  if (sourceAssessmentIds.length === 0) {
    return [];
  }
  const rows = await db
    .select()
    .from(retestSeries)
    .where(inArray(retestSeries.sourceAssessmentId, sourceAssessmentIds))
    .orderBy(asc(retestSeries.id));
  return Promise.all(rows.map(async (series) => ({ series, runs: await listRuns(db, series.id) })));
}
