import { asc, count, eq, sql } from 'drizzle-orm';
import { ASSESSMENT_SORTS, ASSESSMENTS_PAGE_SIZE, type AssessmentSort } from '@pid5/contract';
import type { Database } from '@pid5/server';
import {
  assessments,
  users,
  presentListItem,
  listColumns,
  listAssessments,
  pageWindow,
  recordAudit,
  findActiveSession,
  findAssessment,
  searchCondition,
} from '@pid5/server/testing';
import { timePgliteCopy } from '../lib/library-floors';
import {
  backendLabel,
  createBenchDatabase,
  isPostgresAvailable,
  type BackendKind,
  type BenchDatabase,
} from '../lib/databases';
import { downloadCounting, downloadIntoWc, signIn, type DownloadClient } from '../lib/http';
import { EXPORT_COLUMNS_SELECT, timePostgresCopy } from '../lib/limits';
import { marginAtLeast, marginAtMost, type Results } from '../lib/results';
import { createBenchUser, insertClinicians, insertManyAssessments, seedBenchDatabase } from '../lib/seed';
import { readRssMiB, startServerProcess, type ServerProcess } from '../lib/server-process';
import { median, percentile } from '../lib/stats';

// Parts 3 and 4 on one fixture per database: 100,000 assessments over 500 clinicians (`dashboard`, `csv`), and
// 1,000,000 over 5,000 on PostgreSQL (`million`). Every goal is a ratio to a limit measured in the same run
// (bench/README.md):
// - Dashboard: each query's p95 over HTTP against the same SQL timed directly (the service's count and page, from
//   this process, ×1.2) plus 3× the floor route's p95 for the same query string (bench/lib/floor-routes.ts: the request's handling
//   without session or database); and the slowest SQL against a one-row index lookup on the same table, but for a
//   page deep enough that walking to it is its work, which is judged against the primary key walked as deep.
// - CSV: rows/s of GET /api/assessments/export.csv against the database's own COPY of the same columns; the export
//   completes in a server whose heap is capped at 128 MB (streamed, memory flat).

export interface ScaleSize {
  rows: number;
  clinicians: number;
  /** Appended to the part's name ('1M'). */
  label: string;
}

export const STANDARD_SIZE: ScaleSize = { rows: 100_000, clinicians: 500, label: '' };
export const MILLION_SIZE: ScaleSize = { rows: 1_000_000, clinicians: 5_000, label: '1M' };

/** The dashboard's SQL may take this many one-row index lookups (stated in bench/README.md). */
const SQL_LOOKUP_FACTOR = 100;
/**
 * A page reached by OFFSET walks the sort's index entry by entry to its depth (from the nearer end: listAssessments).
 * From this depth on the walk is most of the page's work, and its cost per entry is CPU, while a one-row lookup's is
 * mostly a round trip: their ratio is the host's, not the code's (the middle page of a million: 68× the lookup on one
 * machine, 105× on a faster one). Such a page is judged against the same walk on the primary key (bench/README.md).
 */
const WALK_JUDGED_FROM_DEPTH = 10_000;
/** A deep page's SQL may take this many walks of the primary key to the same depth (stated in bench/README.md). */
const WALK_FACTOR = 3;
/** The HTTP overhead allowed beyond the SQL, in floor-route p95s. */
/**
 * The database's time may grow this much over HTTP: the server's connections and the bench's share the machine's
 * cores with the database, so the deep page's HTTP time moves with the database's own, in proportion to it.
 */
const DATABASE_FACTOR = 1.2;
const FLOOR_FACTOR = 3;
/**
 * The heap the export must complete in. The idle server's own heap is 50-59 MB (mostly module sources V8 and tsx keep;
 * a heap snapshot), and the rest must hold the export's batches while the collector keeps up. Tighter caps left the
 * verdict to garbage collection's timing: at 64 MB the same code completed or ran out of memory from run to run (a
 * million rows ran 8× slower), and at 96 MB, once the export stopped waiting for PostgreSQL and allocated twice as
 * fast, one fresh server in ten ran out. The idle heap and the 100,000-row file (85 MB) together exceed
 * 128 MB, so a buffered export cannot complete.
 */
const CAPPED_HEAP_MB = 128;
/** The export's rows/s at least this share of COPY's. */
const COPY_SHARE = 0.5;

interface Fixture {
  kind: BackendKind;
  database: BenchDatabase;
  server: ServerProcess;
  clinicianCookie: string;
  adminCookie: string;
  clinicianId: string;
  size: ScaleSize;
}

function partName(base: string, kind: BackendKind, size: ScaleSize): string {
  return `${base}${size.label ? ` ${size.label}` : ''} (${backendLabel(kind)})`;
}

async function withFixture(kind: BackendKind, size: ScaleSize, work: (fixture: Fixture) => Promise<void>) {
  const database = await createBenchDatabase(kind);
  try {
    const seedStarted = performance.now();
    const clinicianId = await seedBenchDatabase(database, 'dash-clinician', async ({ db, docs, clinicianId }) => {
      await createBenchUser(db, { username: 'dash-admin', role: 'admin' });
      const others = await insertClinicians(db, size.clinicians - 1);
      await insertManyAssessments(db, {
        clinicianIds: [clinicianId, ...others],
        count: size.rows,
        ...docs,
        rebuildIndexes: size.label !== '',
      });
      return clinicianId;
    });
    console.log(
      `  seeded ${size.rows.toLocaleString('en-US')} assessments in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const server = await startServerProcess(database.env, { floorRoutes: true });
    try {
      const clinicianCookie = await signIn(server.url, 'dash-clinician');
      const adminCookie = await signIn(server.url, 'dash-admin');
      await work({ kind, database, server, clinicianCookie, adminCookie, clinicianId, size });
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

type View = 'clinician' | 'admin';

interface DashboardQuery {
  name: string;
  search: string;
  sort: AssessmentSort;
  page: number;
  /** The details page of this assessment instead of a list page. */
  detailsId?: number;
  /** How many entries of the sort's index the page's SQL passes. */
  depth: number;
}

/** The index entries a page walks, as listAssessments places it (from the nearer end). */
function depthOf(total: number, page: number): number {
  const { offset, limit } = pageWindow(page, total);
  return offset + limit;
}

function judgedByWalk(q: DashboardQuery): boolean {
  return q.depth >= WALK_JUDGED_FROM_DEPTH;
}

function dashboardQueries(total: number, detailsId: number): DashboardQuery[] {
  const lastPage = Math.ceil(total / ASSESSMENTS_PAGE_SIZE);
  const middlePage = Math.ceil(lastPage / 2);
  const first = depthOf(total, 1);
  return [
    ...ASSESSMENT_SORTS.map((sort) => ({ name: `sort ${sort}`, search: '', sort, page: 1, depth: first })),
    { name: 'search "0012"', search: '0012', sort: 'created-desc', page: 1, depth: first },
    { name: 'search, no match', search: 'zz-none', sort: 'created-desc', page: 1, depth: first },
    {
      name: `deep page ${middlePage}`,
      search: '',
      sort: 'answered-desc',
      page: middlePage,
      depth: depthOf(total, middlePage),
    },
    {
      name: `last page ${lastPage}`,
      search: '',
      sort: 'created-desc',
      page: lastPage,
      depth: depthOf(total, lastPage),
    },
    { name: 'details page', search: '', sort: 'created-desc', page: 1, detailsId, depth: 1 },
  ];
}

function queryString(q: DashboardQuery): string {
  return `search=${encodeURIComponent(q.search)}&sort=${q.sort}&page=${q.page}`;
}

async function timeGet(url: string, cookie?: string): Promise<{ ms: number; bytes: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  }
  return { ms, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

/** The caller's whole list, presented as the dashboard presents a row: the replaced product's payload. */
async function wholeListBytes(db: Database, view: View, clinicianId: string): Promise<number> {
  const query = db.db
    .select({ assessment: listColumns, clinicianName: users.username })
    .from(assessments)
    .innerJoin(users, eq(users.id, assessments.clinicianId))
    .orderBy(asc(assessments.id));
  const rows = await (view === 'admin' ? query : query.where(eq(assessments.clinicianId, clinicianId)));
  const items = rows.map((row) => presentListItem(row, view, new Date()));
  return Buffer.byteLength(JSON.stringify({ items }));
}

interface HttpTiming {
  view: View;
  query: DashboardQuery;
  httpP95: number;
  floorP95: number;
  /**
   * The request's database work timed directly (databaseWorkOf: the session, then the query's SQL), alternately with the
   * requests (PostgreSQL), or after the server stopped (PGlite).
   */
  databaseP95: number;
  /** The query's own SQL, without the session (the slowest SQL verdict, or the deep page's). */
  queryMedian: number;
  /** For a page judged by its walk: the primary key walked as deep (primaryKeyWalkOf), median; else NaN. */
  walkMedian: number;
  /** The samples, pooled per view for the view's verdict. */
  httpTimes: number[];
  floorTimes: number[];
  databaseTimes: number[];
}

interface DashboardHttp {
  timings: HttpTiming[];
  totals: Record<View, number>;
  pageBytes: Record<View, number>;
  /** One row by its primary key, from the index alone: the limit for one statement on this table. */
  lookupP95: number;
  lookupMedian: number;
}

function scopeOf(view: View, fixture: Fixture) {
  return view === 'admin' ? ({ kind: 'all' } as const) : ({ kind: 'own', clinicianId: fixture.clinicianId } as const);
}

/**
 * The database work a request does, run directly: the session behind its cookie (every request reads it; access.ts
 * loadSession), then the list's count and page as listAssessments reads them (the count from assessment_counts, a
 * deep page from the end), or the details row and its audit record (viewAssessment: every read of patient data is
 * audited, so the write belongs to the limit).
 */
function databaseWorkOf(db: Database, fixture: Fixture, view: View, q: DashboardQuery) {
  const scope = scopeOf(view, fixture);
  const actor = view === 'admin' ? 'bench-admin' : fixture.clinicianId;
  const cookie = view === 'admin' ? fixture.adminCookie : fixture.clinicianCookie;
  const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const readSession = () => findActiveSession(db.db, { token, now: new Date(), policy: BENCH_SESSION_POLICY });
  const query = q.detailsId
    ? async () => {
        await findAssessment(db.db, { id: q.detailsId ?? 0, scope });
        await recordAudit(db.db, { actor, action: 'assessment.view', assessmentId: q.detailsId, details: { view } });
      }
    : () =>
        listAssessments({
          db: db.db,
          scope,
          search: q.search,
          status: 'all',
          now: new Date(),
          sort: q.sort,
          page: q.page,
          form: null,
        });
  return async (): Promise<DatabaseWork> => {
    const started = performance.now();
    if (!(await readSession())) {
      throw new Error(`the ${view}'s session is not found`);
    }
    const queryStarted = performance.now();
    await query();
    const ended = performance.now();
    return { ms: ended - started, queryMs: ended - queryStarted };
  };
}

/** A request's database work in ms, and of it its query's own SQL (without the session). */
interface DatabaseWork {
  ms: number;
  queryMs: number;
}

const NOT_TIMED: DatabaseWork = { ms: Number.NaN, queryMs: Number.NaN };

/** Long enough that reading the bench's sessions never ends them (an ended session is deleted as it is read). */
const BENCH_SESSION_POLICY = { idleMinutes: 24 * 60, absoluteHours: 24 };

function lookupOf(db: Database, rows: number) {
  return (i: number) => db.db.execute(sql`select id from assessments where id = ${1 + ((i * 7919) % rows)}`);
}

/**
 * The primary key walked to the page's depth, from its index alone: the narrowest index of the table, and no count,
 * no row read. A page that deep cannot cost less than this walk; the page's SQL walks the sort's wider index as
 * deep, counts (kept counts) and reads ten rows.
 */
function primaryKeyWalkOf(db: Database, q: DashboardQuery) {
  const offset = q.depth - ASSESSMENTS_PAGE_SIZE;
  return () =>
    db.db.execute(sql`select id from assessments order by id limit ${ASSESSMENTS_PAGE_SIZE} offset ${offset}`);
}

/** The walk's time for a page judged by it, else NaN (not timed). */
function walkTimerOf(db: Database | null, q: DashboardQuery): () => Promise<number> {
  const walk = db && judgedByWalk(q) ? primaryKeyWalkOf(db, q) : null;
  return async () => (walk ? timed(walk) : Number.NaN);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

/**
 * Over HTTP while the server runs: each query's p95 and the floor route's p95 for the same query string, and, when
 * `direct` is given (PostgreSQL, which takes other clients while the server runs), the same SQL and a one-row lookup,
 * all alternately, so a busy neighbour slows each alike.
 */
async function measureDashboardHttp(
  fixture: Fixture,
  repeats: number,
  direct: Database | null,
): Promise<DashboardHttp> {
  const base = fixture.server.url;
  const timings: HttpTiming[] = [];
  const totals = { clinician: 0, admin: 0 };
  const pageBytes = { clinician: 0, admin: 0 };
  const lookups: number[] = [];
  const lookup = direct ? lookupOf(direct, fixture.size.rows) : null;
  for (const view of ['clinician', 'admin'] as const) {
    const cookie = view === 'admin' ? fixture.adminCookie : fixture.clinicianCookie;
    const first = await timeGet(`${base}/api/assessments`, cookie);
    const body = first.body as { total: number; items: { id: number }[] };
    totals[view] = body.total;
    pageBytes[view] = first.bytes;
    for (const q of dashboardQueries(body.total, body.items[0]?.id ?? 1)) {
      const url = q.detailsId ? `${base}/api/assessments/${q.detailsId}` : `${base}/api/assessments?${queryString(q)}`;
      const floorUrl = `${base}/api/bench-floor/assessments?${queryString(q)}`;
      const work = direct ? databaseWorkOf(direct, fixture, view, q) : null;
      const walk = walkTimerOf(direct, q);
      const http: number[] = [];
      const floor: number[] = [];
      const databaseTimes: number[] = [];
      const queryTimes: number[] = [];
      const walks: number[] = [];
      // Two warm-ups each.
      for (let i = 0; i < repeats + 2; i++) {
        const ours = (await timeGet(url, cookie)).ms;
        const bare = (await timeGet(floorUrl)).ms;
        const database = work ? await work() : NOT_TIMED;
        const one = lookup ? await timed(() => lookup(lookups.length + i)) : Number.NaN;
        const walked = await walk();
        if (i >= 2) {
          http.push(ours);
          floor.push(bare);
          databaseTimes.push(database.ms);
          queryTimes.push(database.queryMs);
          lookups.push(one);
          walks.push(walked);
        }
      }
      timings.push({
        view,
        query: q,
        httpP95: percentile(http, 95),
        floorP95: percentile(floor, 95),
        databaseP95: percentile(databaseTimes, 95),
        queryMedian: percentile(queryTimes, 50),
        walkMedian: percentile(walks, 50),
        httpTimes: http,
        floorTimes: floor,
        databaseTimes,
      });
    }
  }
  return {
    timings,
    totals,
    pageBytes,
    lookupP95: percentile(lookups, 95),
    lookupMedian: percentile(lookups, 50),
  };
}

/**
 * PGlite (one process): the same SQL and the lookup after the server stopped, each alternately with the other. Both
 * back ends: the search's plan, which must use the trigram index (migrations 0004, 0015), not scan.
 */
async function measureDashboardSql(db: Database, fixture: Fixture, http: DashboardHttp, repeats: number) {
  if (Number.isNaN(http.lookupP95)) {
    const lookup = lookupOf(db, fixture.size.rows);
    const lookups: number[] = [];
    for (const timing of http.timings) {
      const work = databaseWorkOf(db, fixture, timing.view, timing.query);
      const walk = walkTimerOf(db, timing.query);
      const databaseTimes: number[] = [];
      const queryTimes: number[] = [];
      const walks: number[] = [];
      for (let i = 0; i < repeats + 2; i++) {
        const database = await work();
        const one = await timed(() => lookup(lookups.length + i));
        const walked = await walk();
        if (i >= 2) {
          databaseTimes.push(database.ms);
          queryTimes.push(database.queryMs);
          lookups.push(one);
          walks.push(walked);
        }
      }
      timing.databaseP95 = percentile(databaseTimes, 95);
      timing.queryMedian = percentile(queryTimes, 50);
      timing.walkMedian = percentile(walks, 50);
      timing.databaseTimes = databaseTimes;
    }
    http.lookupP95 = percentile(lookups, 95);
    http.lookupMedian = percentile(lookups, 50);
  }
  // The search's own condition, as the dashboard counts with it.
  const search = db.db.select({ n: count() }).from(assessments).where(searchCondition('0012'));
  const plan = await db.db.execute(sql`explain ${search}`);
  return (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r).join(' ')).join('\n');
}

/** A deep page's SQL against the primary key walked as deep (the verdict), and against the lookup (information). */
function addWalkRows(results: Results, part: string, view: View, timing: HttpTiming, lookupMedian: number) {
  const { query } = timing;
  const depth = query.depth.toLocaleString('en-US');
  results.add({
    part,
    metric: `${view}: ${query.name} SQL median (${depth} entries deep)`,
    unit: 'ms',
    ours: timing.queryMedian,
    baseline: timing.walkMedian,
    baselineName: `primary key walked ${depth} entries, median`,
    // How many walks of the key the page takes (the goal is on this).
    ratio: timing.queryMedian / timing.walkMedian,
    goal: `≤ ${WALK_FACTOR}× the walk`,
    met: timing.queryMedian <= WALK_FACTOR * timing.walkMedian,
    margin: marginAtMost(timing.queryMedian, WALK_FACTOR * timing.walkMedian),
  });
  results.add({
    part,
    metric: `${view}: ${query.name} SQL median, in lookups`,
    unit: 'ms',
    ours: timing.queryMedian,
    baseline: lookupMedian,
    baselineName: 'one-row index lookup, median',
    ratio: timing.queryMedian / lookupMedian,
  });
}

function addDashboardRows(results: Results, part: string, http: DashboardHttp, planText: string) {
  for (const view of ['clinician', 'admin'] as const) {
    // In medians: a sub-millisecond lookup's p95 on a busy machine is the neighbours' noise, not the database.
    let slowestSql = { name: '', median: 0 };
    const all: number[] = [];
    const allDatabase: number[] = [];
    const allFloor: number[] = [];
    for (const timing of http.timings.filter((t) => t.view === view)) {
      const databaseP95 = timing.databaseP95;
      const limit = DATABASE_FACTOR * databaseP95 + FLOOR_FACTOR * timing.floorP95;
      all.push(...timing.httpTimes);
      allDatabase.push(...timing.databaseTimes);
      allFloor.push(...timing.floorTimes);
      if (judgedByWalk(timing.query)) {
        addWalkRows(results, part, view, timing, http.lookupMedian);
      } else if (timing.queryMedian > slowestSql.median) {
        slowestSql = { name: timing.query.name, median: timing.queryMedian };
      }
      results.add({
        part,
        metric: `${view}: ${timing.query.name} p95`,
        unit: 'ms',
        ours: timing.httpP95,
        baseline: limit,
        baselineName: `${DATABASE_FACTOR}× database ${databaseP95.toFixed(1)} + ${FLOOR_FACTOR}× floor ${timing.floorP95.toFixed(2)}`,
        ratio: limit / timing.httpP95,
      });
    }
    // The verdict on the view's pooled samples: a p95 of 25 requests is the second slowest, which a busy neighbour
    // decides; of all the view's 225 it is the twelfth.
    const pooled = percentile(all, 95);
    const pooledLimit = DATABASE_FACTOR * percentile(allDatabase, 95) + FLOOR_FACTOR * percentile(allFloor, 95);
    results.add({
      part,
      metric: `${view}: all queries p95 (${all.length} requests)`,
      unit: 'ms',
      ours: pooled,
      baseline: pooledLimit,
      baselineName: `${DATABASE_FACTOR}× database ${percentile(allDatabase, 95).toFixed(1)} + ${FLOOR_FACTOR}× floor ${percentile(allFloor, 95).toFixed(2)}`,
      ratio: pooledLimit / pooled,
      goal: `≤ ${DATABASE_FACTOR}× database + ${FLOOR_FACTOR}× floor`,
      met: pooled <= pooledLimit,
      margin: marginAtMost(pooled, pooledLimit),
    });
    results.add({
      part,
      metric: `${view} (${http.totals[view].toLocaleString('en-US')} rows): slowest SQL median (${slowestSql.name})`,
      unit: 'ms',
      ours: slowestSql.median,
      baseline: http.lookupMedian,
      baselineName: 'one-row index lookup, median',
      // How many lookups the slowest SQL takes (the goal is on this).
      ratio: slowestSql.median / http.lookupMedian,
      goal: `≤ ${SQL_LOOKUP_FACTOR}× lookup`,
      met: slowestSql.median <= SQL_LOOKUP_FACTOR * http.lookupMedian,
      margin: marginAtMost(slowestSql.median, SQL_LOOKUP_FACTOR * http.lookupMedian),
    });
    results.add({
      part,
      metric: `${view}: worst query p95 over HTTP`,
      unit: 'ms',
      ours: Math.max(...http.timings.filter((t) => t.view === view).map((t) => t.httpP95)),
    });
  }
  const usesTrigram = planText.includes('assessment_patient_ids_trgm');
  results.add({
    part,
    metric: 'search plan uses the trigram index',
    unit: '',
    ours: usesTrigram ? 1 : 0,
    goal: 'yes (1)',
    met: usesTrigram,
  });
  if (!usesTrigram) {
    results.note(`${part}: search plan:\n${planText}`);
  }
  const floors = http.timings.map((t) => t.floorP95);
  results.note(
    `${part} floor figures: floor route p95 ${Math.min(...floors).toFixed(2)}-${Math.max(...floors).toFixed(2)} ms; ` +
      `one-row index lookup median ${http.lookupMedian.toFixed(2)} ms, p95 ${http.lookupP95.toFixed(2)} ms`,
  );
}

interface CsvRun {
  seconds: number;
  rows: number;
  bytes: number;
  client: DownloadClient;
}

async function measureCsv(results: Results, fixture: Fixture): Promise<CsvRun> {
  const part = partName('csv', fixture.kind, fixture.size);
  const { pid } = fixture.server;
  await new Promise((r) => setTimeout(r, 500));
  const idle = readRssMiB(pid);
  // Memory against progress: a streamed export reaches its peak early and stays there; a buffered one grows
  // with the rows written. Samples are split at the export's halfway point (by bytes received).
  const samples: { bytes: number; rss: number }[] = [];
  let bytes = 0;
  const sampler = setInterval(() => samples.push({ bytes, rss: readRssMiB(pid) }), 25);
  let run: CsvRun;
  try {
    run = await timeCsv(fixture, (url, cookie) =>
      downloadCounting(url, cookie, (received) => {
        bytes = received;
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const { seconds } = run;
  samples.push({ bytes, rss: readRssMiB(pid) });
  const fileMiB = bytes / 2 ** 20;
  const peak = Math.max(idle, ...samples.map((s) => s.rss));
  const firstHalf = Math.max(idle, ...samples.filter((s) => s.bytes < bytes / 2).map((s) => s.rss));
  const secondHalf = Math.max(idle, ...samples.filter((s) => s.bytes >= bytes / 2).map((s) => s.rss));
  results.add({
    part,
    metric: 'server memory above idle (peak)',
    unit: 'MiB',
    ours: peak - idle,
    baseline: fileMiB,
    baselineName: 'the whole CSV',
    ratio: fileMiB / Math.max(1, peak - idle),
  });
  results.add({
    part,
    metric: 'memory growth, 2nd half of the export',
    unit: 'MiB',
    ours: Math.max(0, secondHalf - firstHalf),
  });
  results.note(
    `${part}: idle RSS ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB (first half ${firstHalf.toFixed(0)}, ` +
      `second half ${secondHalf.toFixed(0)}), file ${fileMiB.toFixed(1)} MiB, ${(fileMiB / seconds).toFixed(1)} MiB/s, ` +
      `read by ${run.client}`,
  );
  return run;
}

/** The export's rows/s against the database's own COPY of the same columns (server stopped: PGlite is one process). */
function addCsvRatio(
  results: Results,
  fixture: Fixture,
  runs: readonly CsvRun[],
  copies: readonly { ms: number; bytes: number }[],
) {
  const part = partName('csv', fixture.kind, fixture.size);
  // The median of each: a single export or COPY of 100,000 rows is a second or less, which one busy moment decides.
  const seconds = median(runs.map((run) => run.seconds));
  const copyMs = median(copies.map((copy) => copy.ms));
  const rows = Math.min(...runs.map((run) => run.rows));
  const oursPerSecond = rows / seconds;
  const copyPerSecond = fixture.size.rows / (copyMs / 1000);
  const spread = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(', ');
  results.add({
    part,
    metric: `export ${rows.toLocaleString('en-US')} rows: rows/s${runs.length > 1 ? `, median of ${runs.length}` : ''}`,
    unit: '/s',
    ours: oursPerSecond,
    baseline: copyPerSecond,
    baselineName: `COPY … TO STDOUT CSV, ${(copyMs / 1000).toFixed(2)} s`,
    ratio: oursPerSecond / copyPerSecond,
    goal: `≥ ${COPY_SHARE}× COPY; all rows`,
    met: oursPerSecond >= COPY_SHARE * copyPerSecond && rows === fixture.size.rows,
    margin: marginAtLeast(oursPerSecond, COPY_SHARE * copyPerSecond),
  });
  results.add({ part, metric: 'export: time to the last byte (median)', unit: 's', ours: seconds });
  results.note(
    `${part} floor figures: COPY of the same columns ${spread(copies.map((copy) => copy.ms / 1000))} s, ` +
      `${(copies[0]!.bytes / 2 ** 20).toFixed(1)} MiB (the export: ${spread(runs.map((run) => run.seconds))} s, ` +
      `${(runs[0]!.bytes / 2 ** 20).toFixed(1)} MiB with status and score labels; ` +
      `read by ${runs[0]!.client === 'curl' ? 'curl into wc' : runs[0]!.client}; COPY ${copyReader(fixture.kind)})`,
  );
}

/** How the COPY limit's rows are read: by psql into wc, or by PGlite itself into memory (no client at all). */
const copyReader = (kind: BackendKind) => (kind === 'postgres' ? 'read by psql into wc' : "into PGlite's memory");

/** One export as the admin, timed to its last byte, read by `download` (curl into wc unless given). */
async function timeCsv(fixture: Fixture, download: typeof downloadIntoWc = downloadIntoWc): Promise<CsvRun> {
  const started = performance.now();
  const downloaded = await download(`${fixture.server.url}/api/assessments/export.csv`, fixture.adminCookie);
  if (downloaded.status !== 200) {
    throw new Error(`export: ${downloaded.status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rows: downloaded.lines - 1, bytes: downloaded.bytes, client: downloaded.client };
}

/**
 * The export again from a server whose JavaScript heap is capped (--max-old-space-size): holding the CSV or the rows
 * in memory would fail; a streamed export completes. This is the 'memory flat' verdict; with the default heap V8
 * merely lets garbage pile up before collecting it.
 */
async function measureCsvInSmallHeap(results: Results, fixture: Fixture, expectedBytes: number) {
  const part = partName('csv', fixture.kind, fixture.size);
  const server = await startServerProcess(fixture.database.env, {
    nodeArgs: [`--max-old-space-size=${CAPPED_HEAP_MB}`],
  });
  try {
    const cookie = await signIn(server.url, 'dash-admin');
    const idle = readRssMiB(server.pid);
    let peak = idle;
    let bytes = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, readRssMiB(server.pid));
    }, 25);
    const started = performance.now();
    try {
      ({ bytes } = await downloadCounting(`${server.url}/api/assessments/export.csv`, cookie));
    } catch (error) {
      results.note(`${part}: export with a ${CAPPED_HEAP_MB} MB heap failed: ${(error as Error).message}`);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    // The file's size may differ by a few bytes from the first export (a test's status can turn 'Expired' between).
    const isComplete = Math.abs(bytes - expectedBytes) < 1024 && server.child.exitCode === null;
    results.add({
      part,
      metric: `heap capped at ${CAPPED_HEAP_MB} MB: memory above idle`,
      unit: 'MiB',
      ours: peak - idle,
      baseline: expectedBytes / 2 ** 20,
      baselineName: 'the whole CSV',
      ratio: expectedBytes / 2 ** 20 / Math.max(1, peak - idle),
      goal: 'streamed: completes',
      met: isComplete,
    });
    results.note(`${part}: with the heap capped at ${CAPPED_HEAP_MB} MB the export took ${seconds.toFixed(2)} s`);
  } finally {
    await server.stop();
  }
}

export async function runScaleBench(
  results: Results,
  options: { dashboard: boolean; csv: boolean; quick?: boolean; backends?: BackendKind[]; size?: ScaleSize },
): Promise<void> {
  const backends = options.backends ?? ['pglite', 'postgres'];
  const fullSize = options.size ?? STANDARD_SIZE;
  // Quick: a fifth of the rows, to try the harness.
  const size = options.quick ? { ...fullSize, rows: fullSize.rows / 5 } : fullSize;
  const repeats = options.quick ? 5 : 25;
  // Five: with three, PGlite's verdict was 0.60× and 0.50× in two runs of the same code
  // on one machine, as one of three COPYs took 1.21-1.34 s against 0.94-1.08 s.
  const csvRepeats = options.quick ? 1 : 5;
  for (const kind of backends) {
    if (kind === 'postgres' && !(await isPostgresAvailable())) {
      results.note('dashboard/csv: PostgreSQL not reachable on 127.0.0.1:5432; skipped');
      continue;
    }
    console.log(`scale fixture on ${kind}: ${size.rows.toLocaleString('en-US')} rows`);
    await withFixture(kind, size, async (fixture) => {
      const dashboardPart = partName('dashboard', kind, size);
      // On PostgreSQL the SQL is timed alternately with the requests, from a pool of the server's size.
      const direct = options.dashboard && kind === 'postgres' ? await fixture.database.open({ poolSize: 10 }) : null;
      let http: DashboardHttp | null = null;
      try {
        http = options.dashboard ? await measureDashboardHttp(fixture, repeats, direct) : null;
      } finally {
        await direct?.close();
      }
      // The memory figures from an export of their own (read by this process, which follows its progress); then
      // export and COPY `csvRepeats` times each, both read by wc: on PostgreSQL each COPY right before its export
      // (the nearest in time), PGlite's after the server stopped.
      const firstExport = options.csv ? await measureCsv(results, fixture) : null;
      const csvRuns: CsvRun[] = [];
      const copies: { ms: number; bytes: number }[] = [];
      for (let repeat = 0; firstExport && repeat < csvRepeats; repeat++) {
        if (kind === 'postgres') {
          copies.push(await timePostgresCopy(fixture.database.url ?? '', EXPORT_COLUMNS_SELECT));
        }
        csvRuns.push(await timeCsv(fixture));
      }
      // PGlite is single-process: the next server, the SQL timings and COPY after this one stops.
      await fixture.server.stop();
      if (firstExport) {
        await measureCsvInSmallHeap(results, fixture, firstExport.bytes);
        while (copies.length < csvRepeats) {
          copies.push(await timePgliteCopy(fixture.database.dataDir ?? '', EXPORT_COLUMNS_SELECT));
        }
        addCsvRatio(results, fixture, csvRuns, copies);
      }
      if (!http) {
        return;
      }
      const db = await fixture.database.open();
      try {
        const planText = await measureDashboardSql(db, fixture, http, repeats);
        addDashboardRows(results, dashboardPart, http, planText);
        // The whole-list payload only at the standard size (a million rows' JSON is not worth building to say so).
        for (const view of size.label ? [] : (['clinician', 'admin'] as const)) {
          const whole = await wholeListBytes(db, view, fixture.clinicianId);
          const ours = http.pageBytes[view];
          results.add({
            part: dashboardPart,
            metric: `${view}: kB per dashboard view`,
            unit: 'kB',
            ours: ours / 1024,
            baseline: whole / 1024,
            baselineName: 'whole list',
            ratio: whole / ours,
            // A clinician's 200 rows make at most 20× (10 a page) whatever the page costs: the goal is the admin's.
            goal: view === 'admin' ? '≥ 20× fewer' : '',
            met: view === 'admin' ? whole / ours >= 20 : null,
            margin: view === 'admin' ? marginAtLeast(whole / ours, 20) : null,
          });
        }
      } finally {
        await db.close();
      }
    });
  }
}
