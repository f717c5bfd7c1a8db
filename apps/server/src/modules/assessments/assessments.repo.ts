import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AssessmentForm, AssessmentSort, AssessmentStatusFilter } from '@pid5/contract';
import type { Database, Db } from '../../db/database';
import { answeredShareOf, assessmentCounts, assessmentPatientIds, assessments, users } from '../../db/schema';
import type { AssessmentExportRow } from '../csv-export/export-row';
import { extendedDueAtSql, whereExtendable, whereOpen, whereStatus } from './assessment-lifecycle';

export type { AssessmentExportRow };

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = typeof assessments.$inferInsert;

/**
 * Whose assessments a request may see: decided from the session only (role and view mode). `readable` is `own` plus
 * the patients other clinicians have shared with this one (patient_shares), for reads only.
 */
export type AssessmentScope =
  { kind: 'all' } | { kind: 'own'; clinicianId: string } | { kind: 'readable'; clinicianId: string };

export interface AssessmentWithClinician {
  assessment: AssessmentRow;
  clinicianName: string;
}

function scopeCondition(scope: AssessmentScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'own':
      return eq(assessments.clinicianId, scope.clinicianId);
    case 'readable':
      // Column names qualified by hand: inside the subquery Drizzle would print both tables' columns unqualified.
      return or(
        eq(assessments.clinicianId, scope.clinicianId),
        sql`exists (select 1 from patient_shares s where s.grantee_id = ${scope.clinicianId}
          and s.owner_id = "assessments"."clinician_id" and s.patient_id = "assessments"."patient_id")`,
      );
  }
}

/** A LIKE pattern matching `text` literally anywhere: `%`, `_` and the escape character itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The dashboard's search: tests whose patient id contains `search`, ignoring case (none: every test). */
export function searchCondition(search: string): SQL | undefined {
  const needle = search.trim().toLowerCase();
  if (needle === '') {
    return undefined;
  }
  // The search key's own table (migration 0015) and its trigram index, not the assessments row the saves update.
  return sql`${assessments.id} in (select ${assessmentPatientIds.assessmentId} from ${assessmentPatientIds}
    where ${assessmentPatientIds.patientIdLower} like ${containsPattern(needle)} escape '\\')`;
}

function formCondition(form: AssessmentForm | null | undefined): SQL | undefined {
  return form === null || form === undefined ? undefined : eq(assessments.form, form);
}

/** What the dashboard lists: the scope, the search on patient id, the form and the status filter (as of `now`). */
export interface AssessmentFilter {
  scope: AssessmentScope;
  search: string;
  form?: AssessmentForm | null;
  status: AssessmentStatusFilter;
  now: Date;
}

function filterCondition(filter: AssessmentFilter): SQL | undefined {
  return and(
    scopeCondition(filter.scope),
    searchCondition(filter.search),
    formCondition(filter.form),
    filter.status === 'all' ? undefined : whereStatus(filter.status, filter.now),
  );
}

/**
 * Questions Completed sorts by the share of the form answered (0014): 25 of 25 on the brief form is as complete as
 * 220 of 220, and ahead of 200 of 220. The same expression as the sort's indexes, so they serve it.
 */
const answeredShare = answeredShareOf(assessments);

/**
 * Total orders (the id breaks every tie), so paging never repeats or skips a row. Each sort's ascending order is the
 * exact reverse of its descending one, so one index serves both directions, and a page near the end is read from
 * the other end (listAssessmentsPage, `fromEnd`). Ties of Questions Completed therefore go oldest first ascending and
 * newest first descending; Date Created has no real ties.
 */
function sortOrder(sort: AssessmentSort, fromEnd = false): SQL[] {
  const [key, isAscending] = sortKey(sort);
  const direction = isAscending !== fromEnd ? asc : desc;
  return key === 'answered'
    ? [direction(answeredShare), direction(assessments.createdAt), direction(assessments.id)]
    : [direction(assessments.createdAt), direction(assessments.id)];
}

function sortKey(sort: AssessmentSort): ['answered' | 'created', boolean] {
  switch (sort) {
    case 'answered-asc':
      return ['answered', true];
    case 'answered-desc':
      return ['answered', false];
    case 'created-asc':
      return ['created', true];
    case 'created-desc':
      return ['created', false];
  }
}

/**
 * How many tests the filter lists. Counting a million index entries takes longer than a whole dashboard page may, so
 * without a search or form filter the scope's numbers kept in assessment_counts (triggers, migration 0012) answer
 * instead: one row for a clinician, a sum of one row per clinician for an admin. All tests and Completed are read
 * there; Expired is the unfinished ones there minus the open ones, counted from the small open range of the index on
 * unfinished tests; Not started and In progress are counted from that range alone. A search or a form counts the
 * matching rows (a trigram search from its index).
 */
export async function countAssessments(db: Db, filter: AssessmentFilter): Promise<number> {
  const usesKeptCounts =
    filter.search.trim() === '' && (filter.form ?? null) === null && filter.scope.kind !== 'readable';
  if (!usesKeptCounts || filter.status === 'in-progress' || filter.status === 'not-started') {
    return countMatching(db, filterCondition(filter));
  }
  const [kept] = await db
    .select({
      n: sql<string | null>`sum(${assessmentCounts.n})`,
      finished: sql<string | null>`sum(${assessmentCounts.finished})`,
    })
    .from(assessmentCounts)
    .where(filter.scope.kind === 'own' ? eq(assessmentCounts.clinicianId, filter.scope.clinicianId) : undefined);
  const [all, finished] = [Number(kept?.n ?? 0), Number(kept?.finished ?? 0)];
  switch (filter.status) {
    case 'all':
      return all;
    case 'completed':
      return finished;
    case 'expired':
      // The open ones: not submitted and not yet due (Not started and In progress together).
      return all - finished - (await countMatching(db, and(scopeCondition(filter.scope), whereOpen(filter.now))));
  }
}

/** The tests matching `condition`, counted. */
async function countMatching(db: Db, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assessments).where(condition);
  return row?.n ?? 0;
}

/** The columns a dashboard row shows (not the answers or the scores, which can be kilobytes per row). */
export const listColumns = {
  id: assessments.id,
  patientId: assessments.patientId,
  form: assessments.form,
  language: assessments.language,
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
 * the id: an index-only scan), then only those rows are read and joined: a deep page (OFFSET 50,000) no longer reads
 * 50,000 whole rows to throw them away. With `fromEnd` the offset counts from the last row (the sort reversed, then
 * the page put back in order): the service reads a page in the second half that way, so the last page of a million
 * tests costs what the first does.
 */
export async function listAssessmentsPage(
  db: Db,
  options: AssessmentFilter & { sort: AssessmentSort; limit: number; offset: number; fromEnd?: boolean },
): Promise<AssessmentListRow[]> {
  const order = sortOrder(options.sort, options.fromEnd);
  const pageIds = db
    .select({ id: assessments.id })
    .from(assessments)
    .where(filterCondition(options))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const rows = await db
    .select({ assessment: listColumns, clinicianName: users.username })
    .from(assessments)
    .innerJoin(users, eq(users.id, assessments.clinicianId))
    .where(inArray(assessments.id, pageIds))
    .orderBy(...order);
  return options.fromEnd ? rows.reverse() : rows;
}

/** Every test's id with this patient ID, exact but ignoring case (the search table's trigram index serves it). */
export async function listAssessmentIdsForPatient(db: Db, patientId: string): Promise<number[]> {
  const rows = await db
    .select({ id: assessmentPatientIds.assessmentId })
    .from(assessmentPatientIds)
    .where(eq(assessmentPatientIds.patientIdLower, patientId.trim().toLowerCase()));
  return rows.map((row) => row.id);
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

/**
 * How the export's rows travel from the database: the shape each back end sends fastest (exportRowShapeFor).
 * - `json-array` (PGlite): one JSON array of text per row, parsed natively, rather than 23 fields: PGlite's result
 *   reader allocates a buffer per field (30,000 rows: 0.5 s as arrays, 1.0 s as fields).
 * - `columns` (PostgreSQL): the 23 fields as they are, read as arrays (selectArrays). json_build_array costs
 *   PostgreSQL about 2.6 µs a row (it looks up each argument's type and output function on every call), as much as
 *   the rest of the row; the next batch then arrived after the server had encoded this one, and the export waited for
 *   the database for 0.4-0.5 s of its 1.0 s (100,000 rows; as fields: 0.02-0.03 s of 0.73-0.78 s). pg's parsing of 23
 *   fields into an array costs the server no more than JSON.parse; into objects (Drizzle's execute) it cost a third
 *   more.
 */
export type ExportRowShape = 'json-array' | 'columns';

export function exportRowShapeFor(backEnd: Database['kind']): ExportRowShape {
  return backEnd === 'postgres' ? 'columns' : 'json-array';
}

/**
 * Keyset page for the CSV export: the next `limit` rows after `afterId`, by id, of those the dashboard's filter
 * lists, as AssessmentExportRow (the CSV's column order), in the back end's shape unless `shape` is given. Never
 * through Drizzle's mapping into objects with dates: with 90 numbers per row parsed only to be printed again, that was
 * most of an export's time (bench/README.md, csv). The clinician's name is not joined (null here; the export fills it
 * from `listUsernames`): a thousand rows name up to a thousand clinicians, and their index lookups were a third of the
 * query's time at a million tests.
 */
export async function listAssessmentsAfter(
  database: Pick<Database, 'kind' | 'selectArrays'>,
  options: AssessmentFilter & { afterId: number; limit: number; shape?: ExportRowShape },
): Promise<AssessmentExportRow[]> {
  const a = assessments;
  const cells =
    (options.shape ?? exportRowShapeFor(database.kind)) === 'columns' ? EXPORT_CELLS_AS_FIELDS : EXPORT_CELLS_AS_JSON;
  const rows = await database.selectArrays(sql`
    select ${cells}
    from ${a}
    where ${and(filterCondition(options), gt(a.id, options.afterId))}
    order by ${a.id}
    limit ${options.limit}`);
  if (cells === EXPORT_CELLS_AS_JSON) {
    for (let i = 0; i < rows.length; i++) {
      const [text, scoreCells] = rows[i]!;
      rows[i] = JSON.parse(text as string) as unknown[];
      rows[i]![SCORE_CELLS_AT] = scoreCells;
    }
  }
  for (const row of rows) {
    // The numbers come as text in the JSON array, and bigint columns as text from pg (a BigInt from PGlite).
    for (const at of NUMBER_CELLS) {
      row[at] = row[at] === null ? null : Number(row[at]);
    }
  }
  return rows as AssessmentExportRow[];
}

/**
 * AssessmentExportRow's cells as SQL, in its order (`number`: read back as a number; `scores`: the score cells, the
 * scores joined by commas). The clinician's name is null here (filled by the export).
 */
const EXPORT_CELLS: readonly { value: SQL; number?: true; scores?: true }[] = [
  { value: sql`${assessments.id}`, number: true },
  { value: sql`${assessments.patientId}` },
  { value: sql`null` },
  { value: sql`${assessments.clinicianId}` },
  { value: sql`date_part('epoch', ${assessments.createdAt})`, number: true },
  { value: sql`date_part('epoch', ${assessments.dueAt})`, number: true },
  { value: sql`date_part('epoch', ${assessments.finishedAt})`, number: true },
  { value: sql`${assessments.answeredCount}`, number: true },
  { value: sql`${assessments.age}`, number: true },
  { value: sql`${assessments.gender}` },
  { value: sql`${assessments.race}` },
  { value: sql`${assessments.postalCode}` },
  { value: sql`${assessments.country}` },
  { value: sql`array_to_string(${assessments.dsmCodes}, '; ')` },
  { value: sql`${assessments.primaryDsm}` },
  { value: sql`${assessments.responses}` },
  { value: sql`${assessments.instrumentVersion}` },
  { value: sql`${assessments.normsVersion}` },
  { value: sql`array_to_string(score_values, ',', '')`, scores: true },
  { value: sql`date_part('epoch', ${assessments.consentAgreedAt})`, number: true },
  { value: sql`${assessments.termsId}`, number: true },
  { value: sql`export_values::text` },
  { value: sql`${assessments.form}` },
  { value: sql`${assessments.language}` },
];

const SCORE_CELLS_AT = EXPORT_CELLS.findIndex((cell) => cell.scores);
const NUMBER_CELLS = EXPORT_CELLS.flatMap((cell, at) => (cell.number ? [at] : []));

/** `columns`: each cell a field. */
const EXPORT_CELLS_AS_FIELDS = sql.join(
  EXPORT_CELLS.map((cell) => cell.value),
  sql`, `,
);

/**
 * `json-array`: every cell but the score cells as text in one array (array_to_json looks up the element type's output
 * once per row, where json_build_array looks up each argument's: PGlite, 100,000 rows, 0.55 s against 0.72-0.90 s),
 * and the score cells beside it (escaped as a JSON string, their ~1,500 characters cost more than the rest of the row).
 */
const EXPORT_CELLS_AS_JSON = sql`array_to_json(array[${sql.join(
  EXPORT_CELLS.map((cell) => (cell.scores ? sql`null` : sql`(${cell.value})::text`)),
  sql`, `,
)}])::text, ${EXPORT_CELLS[SCORE_CELLS_AT]!.value}`;

/**
 * Keyset page for the FHIR NDJSON export: the next `limit` submitted tests after `afterId`, by id, of those the
 * dashboard's filter lists, as whole rows (the FHIR mapping reads the answers and the stored scores).
 */
export function listSubmittedAssessmentsAfter(
  db: Db,
  options: AssessmentFilter & { afterId: number; limit: number },
): Promise<AssessmentRow[]> {
  return db
    .select()
    .from(assessments)
    .where(and(filterCondition(options), isNotNull(assessments.finishedAt), gt(assessments.id, options.afterId)))
    .orderBy(assessments.id)
    .limit(options.limit);
}

/**
 * Every submitted test with exactly this patient identifier, whoever's patient it is, by id: the FHIR read API's
 * patient is the institute's identifier (its system is FHIR_PATIENT_ID_SYSTEM). Found through the search key's table
 * and its index (case ignored there), then compared exactly.
 */
export function listSubmittedAssessmentsOfPatient(db: Db, patientId: string): Promise<AssessmentRow[]> {
  return db
    .select()
    .from(assessments)
    .where(
      and(
        sql`${assessments.id} in (select ${assessmentPatientIds.assessmentId} from ${assessmentPatientIds}
          where ${assessmentPatientIds.patientIdLower} = lower(${patientId}))`,
        eq(assessments.patientId, patientId),
        isNotNull(assessments.finishedAt),
      ),
    )
    .orderBy(assessments.id);
}

/**
 * Submitted tests of every clinician after `afterId` (keyset batches, by id), finished at or after `since` when it is
 * given: the FHIR Bulk Data export of a machine client, which reads the institute's results as a whole.
 */
export function listSubmittedSince(
  db: Db,
  options: { afterId: number; limit: number; since: Date | null },
): Promise<AssessmentRow[]> {
  return db
    .select()
    .from(assessments)
    .where(
      and(
        isNotNull(assessments.finishedAt),
        gt(assessments.id, options.afterId),
        options.since ? gte(assessments.finishedAt, options.since) : undefined,
      ),
    )
    .orderBy(assessments.id)
    .limit(options.limit);
}

/** How many tests listSubmittedSince goes through (the export's progress). */
export async function countSubmittedSince(db: Db, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assessments)
    .where(and(isNotNull(assessments.finishedAt), since ? gte(assessments.finishedAt, since) : undefined));
  return Number(row?.n ?? 0);
}

/** One submitted test by id, whoever's it is (the FHIR read by id; its caller checks the token's scope), or null. */
export async function findSubmittedAssessment(db: Db, id: number): Promise<AssessmentRow | null> {
  const rows = await db
    .select()
    .from(assessments)
    .where(and(eq(assessments.id, id), isNotNull(assessments.finishedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The usernames of these users, by id (users not found are left out). */
export async function listUsernames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.username]));
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

/** The test a clinician's create request with this key made, if any (one test per intent: the request key). */
export async function findAssessmentByRequestKey(
  tx: Db,
  clinicianId: string,
  requestKey: string,
): Promise<AssessmentRow | null> {
  const [row] = await tx
    .select()
    .from(assessments)
    .where(and(eq(assessments.clinicianId, clinicianId), eq(assessments.requestKey, requestKey)));
  return row ?? null;
}

export async function insertAssessment(tx: Db, values: NewAssessmentRow): Promise<AssessmentRow> {
  const [row] = await tx.insert(assessments).values(values).returning();
  if (!row) {
    throw new Error('assessment insert returned nothing');
  }
  return row;
}

/**
 * The lifecycle's extension (`extendedDueAt`) in one guarded UPDATE: null when the row no longer qualifies
 * (submitted, or extended to its limit, meanwhile).
 */
export async function extendDueDate(db: Db, options: { id: number; now: Date }): Promise<{ dueAt: Date } | null> {
  const rows = await db
    .update(assessments)
    .set({ dueAt: extendedDueAtSql(options.now) })
    .where(and(eq(assessments.id, options.id), whereExtendable(options.now)))
    .returning({ dueAt: assessments.dueAt });
  return rows[0] ?? null;
}
