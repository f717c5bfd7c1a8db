import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AssessmentSort } from '@pid5/contract';
import type { Db } from '../../db/database';
import { assessments, users } from '../../db/schema';

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = typeof assessments.$inferInsert;

/** Whose assessments a request may see: decided from the session only (role and view mode). */
export type AssessmentScope = { kind: 'all' } | { kind: 'own'; clinicianId: string };

export interface AssessmentWithClinician {
  assessment: AssessmentRow;
  clinicianName: string;
}

function scopeCondition(scope: AssessmentScope): SQL | undefined {
  return scope.kind === 'own' ? eq(assessments.clinicianId, scope.clinicianId) : undefined;
}

/** A LIKE pattern matching `text` literally anywhere: `%`, `_` and the escape character itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(search: string): SQL | undefined {
  const needle = search.trim().toLowerCase();
  if (needle === '') {
    return undefined;
  }
  return sql`lower(${assessments.patientId}) like ${containsPattern(needle)} escape '\\'`;
}

/** Stable orders: ties broken by newest first, then id, so paging never repeats or skips a row. */
function sortOrder(sort: AssessmentSort): SQL[] {
  switch (sort) {
    case 'answered-asc':
      return [asc(assessments.answeredCount), desc(assessments.createdAt), desc(assessments.id)];
    case 'answered-desc':
      return [desc(assessments.answeredCount), desc(assessments.createdAt), desc(assessments.id)];
    case 'created-asc':
      return [asc(assessments.createdAt), asc(assessments.id)];
    case 'created-desc':
      return [desc(assessments.createdAt), desc(assessments.id)];
  }
}

export async function countAssessments(db: Db, options: { scope: AssessmentScope; search: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assessments)
    .where(and(scopeCondition(options.scope), searchCondition(options.search)));
  return row?.n ?? 0;
}

/** The columns a dashboard row shows (not the answers or the scores, which can be kilobytes per row). */
const listColumns = {
  id: assessments.id,
  patientId: assessments.patientId,
  answeredCount: assessments.answeredCount,
  createdAt: assessments.createdAt,
  dueAt: assessments.dueAt,
  finishedAt: assessments.finishedAt,
  clinicianId: assessments.clinicianId,
};

export interface AssessmentListRow {
  assessment: Pick<AssessmentRow, keyof typeof listColumns>;
  clinicianName: string;
}

/**
 * One dashboard page. The page's ids are found first from the sort's index alone (it holds the sort columns and
 * the id: an index-only scan, however deep the page), then only those rows are read and joined: a deep page
 * (OFFSET 50,000) no longer reads 50,000 whole rows to throw them away.
 */
export async function listAssessmentsPage(
  db: Db,
  options: { scope: AssessmentScope; search: string; sort: AssessmentSort; limit: number; offset: number },
): Promise<AssessmentListRow[]> {
  const order = sortOrder(options.sort);
  const pageIds = db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(scopeCondition(options.scope), searchCondition(options.search)))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  return db
    .select({ assessment: listColumns, clinicianName: users.username })
    .from(assessments)
    .innerJoin(users, eq(users.id, assessments.clinicianId))
    .where(inArray(assessments.id, pageIds))
    .orderBy(...order);
}

/** One assessment the scope may see, or null (another clinician's test is indistinguishable from none). */
export async function findAssessment(
  db: Db,
  options: { id: number; scope: AssessmentScope },
): Promise<AssessmentWithClinician | null> {
  const rows = await db
    .select({ assessment: assessments, clinicianName: users.username })
    .from(assessments)
    .innerJoin(users, eq(users.id, assessments.clinicianId))
    .where(and(eq(assessments.id, options.id), scopeCondition(options.scope)))
    .limit(1);
  return rows[0] ?? null;
}

/** A row of the CSV export: every column but the link code and the stored scores, of which only the numbers. */
export interface AssessmentExportRow {
  assessment: Omit<AssessmentRow, 'testCode' | 'testCodeHash' | 'scores'>;
  clinicianName: string;
  /** The stored scores at `scorePaths`, in that order (JSON values as stored); null for a test without scores. */
  scoreValues: unknown[] | null;
}

/**
 * Keyset page for the CSV export: the next `limit` rows after `afterId`, by id. The database picks the score
 * numbers out of the stored scores (about 10 kB of JSON per completed test), so only those cross the wire.
 */
export async function listAssessmentsAfter(
  db: Db,
  options: { scope: AssessmentScope; afterId: number; limit: number; scorePaths: readonly (readonly string[])[] },
): Promise<AssessmentExportRow[]> {
  const { testCode: _code, testCodeHash: _hash, scores: _scores, ...columns } = getTableColumns(assessments);
  const picked = sql.join(
    options.scorePaths.map((path) => sql`s #> ${`{${path.join(',')}}`}::text[]`),
    sql`, `,
  );
  // `|| '{}'` in a subquery kept apart by OFFSET 0: the stored scores are decompressed once per row, not once per
  // number picked (90 times).
  const scoreValues = sql<unknown[] | null>`case when ${assessments.scores} is null then null else (
    select jsonb_build_array(${picked}) from (select ${assessments.scores} || '{}'::jsonb as s offset 0) as stored
  ) end`;
  return db
    .select({
      assessment: columns,
      clinicianName: users.username,
      scoreValues,
    })
    .from(assessments)
    .innerJoin(users, eq(users.id, assessments.clinicianId))
    .where(and(scopeCondition(options.scope), gt(assessments.id, options.afterId)))
    .orderBy(asc(assessments.id))
    .limit(options.limit);
}

/**
 * Locks the clinician's user row until the transaction ends: creates by one clinician queue here,
 * so counting credits and inserting cannot interleave (N concurrent creates with K left make K).
 * FOR NO KEY UPDATE rather than FOR UPDATE: it still excludes other creates, but not the key-share
 * locks that foreign-key checks take (a new session for the same user does not wait on it).
 */
export async function lockClinician(tx: Db, clinicianId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, clinicianId)).for('no key update');
  return rows.length > 0;
}

export async function insertAssessment(tx: Db, values: NewAssessmentRow): Promise<AssessmentRow> {
  const [row] = await tx.insert(assessments).values(values).returning();
  if (!row) {
    throw new Error('assessment insert returned nothing');
  }
  return row;
}
