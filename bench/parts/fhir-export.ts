import { backendLabel, createBenchDatabase, isPostgresAvailable, type BackendKind } from '../lib/databases';
import { downloadIntoWc, signIn } from '../lib/http';
import { marginAtLeast, type Results } from '../lib/results';
import { createBenchUser, insertClinicians, insertManyAssessments, seedBenchDatabase } from '../lib/seed';
import { readRssMiB, startServerProcess } from '../lib/server-process';
import { median } from '../lib/stats';

// `fhir-export` (bench/README.md): 100,000 submitted tests exported as FHIR NDJSON
// (GET /api/assessments/export.fhir.ndjson) against the CSV export of the same tests in the same run, from one server
// whose heap is capped, both read by curl into wc. The verdict is the NDJSON's tests/s as a share of the CSV's, judged
// against the share its bytes allow: a test is one CSV line of about a kilobyte and some forty NDJSON lines (answers,
// scores, verdict, provenance) of about seventy, so an NDJSON export that writes as many bytes a second as the CSV
// export reaches only (CSV bytes per test / NDJSON bytes per test) of its tests/s.

const TESTS = 100_000;
const CLINICIANS = 100;
/** The NDJSON export writes at least this share of the CSV export's bytes a second (the goal, in tests/s, below). */
const BYTE_RATE_SHARE = 0.5;
/** Streamed: both exports complete in a server with this heap (a buffered NDJSON export of 100,000 tests is gigabytes). */
const CAPPED_HEAP_MB = 128;

interface ExportRun {
  seconds: number;
  bytes: number;
  lines: number;
}

async function timeExport(url: string, cookie: string): Promise<ExportRun> {
  const started = performance.now();
  const downloaded = await downloadIntoWc(url, cookie);
  if (downloaded.status !== 200) {
    throw new Error(`${url}: ${downloaded.status}`);
  }
  return { seconds: (performance.now() - started) / 1000, bytes: downloaded.bytes, lines: downloaded.lines };
}

export async function runFhirExportBench(results: Results, options: { quick?: boolean }): Promise<void> {
  const tests = options.quick ? TESTS / 10 : TESTS;
  const kind: BackendKind = (await isPostgresAvailable()) ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    results.note('fhir-export: PostgreSQL not reachable on 127.0.0.1:5432; run on PGlite instead');
  }
  const part = `fhir-export (${backendLabel(kind)})`;
  const database = await createBenchDatabase(kind);
  try {
    const seeded = performance.now();
    await seedBenchDatabase(database, 'fhir-clinician', async ({ db, docs, clinicianId }) => {
      await createBenchUser(db, { username: 'fhir-admin', role: 'admin' });
      const others = await insertClinicians(db, CLINICIANS - 1);
      await insertManyAssessments(db, {
        clinicianIds: [clinicianId, ...others],
        count: tests,
        ...docs,
        completedEvery: 1,
      });
    });
    console.log(
      `  seeded ${tests.toLocaleString('en-US')} submitted tests in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const server = await startServerProcess(database.env, { nodeArgs: [`--max-old-space-size=${CAPPED_HEAP_MB}`] });
    try {
      const cookie = await signIn(server.url, 'fhir-admin');
      const idle = readRssMiB(server.pid);
      let peak = idle;
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, readRssMiB(server.pid));
        } catch {
          // The server has exited (out of memory): the export's failure says so.
        }
      }, 50);
      const csvRuns: ExportRun[] = [];
      const ndjsonRuns: ExportRun[] = [];
      try {
        // The CSV (a second or so) before and after the NDJSON (minutes), so a busy moment of the machine that
        // slows one export shows in the other's spread too.
        csvRuns.push(await timeExport(`${server.url}/api/assessments/export.csv`, cookie));
        ndjsonRuns.push(await timeExport(`${server.url}/api/assessments/export.fhir.ndjson`, cookie));
        csvRuns.push(await timeExport(`${server.url}/api/assessments/export.csv`, cookie));
      } finally {
        clearInterval(sampler);
      }
      const alive = server.child.exitCode === null;

      const csvSeconds = median(csvRuns.map((run) => run.seconds));
      const ndjsonSeconds = median(ndjsonRuns.map((run) => run.seconds));
      const csvRate = tests / csvSeconds;
      const ndjsonRate = tests / ndjsonSeconds;
      const csvBytesPerTest = csvRuns[0]!.bytes / tests;
      const ndjsonBytesPerTest = ndjsonRuns[0]!.bytes / tests;
      // Every test in each file: one CSV line each (and the header); in the NDJSON, the same lines per test (and one
      // Questionnaire, as every seeded test is of the full form).
      const csvComplete = csvRuns.every((run) => run.lines === tests + 1);
      const linesPerTest = (ndjsonRuns[0]!.lines - 1) / tests;
      const ndjsonComplete =
        Number.isInteger(linesPerTest) && ndjsonRuns.every((run) => run.lines === ndjsonRuns[0]!.lines);
      const goalShare = BYTE_RATE_SHARE * (csvBytesPerTest / ndjsonBytesPerTest);

      results.add({
        part,
        metric: `CSV: ${tests.toLocaleString('en-US')} tests/s (median of ${csvRuns.length})`,
        unit: '/s',
        ours: csvRate,
      });
      results.add({
        part,
        metric: 'NDJSON: tests/s',
        unit: '/s',
        ours: ndjsonRate,
        baseline: csvRate,
        baselineName: 'the CSV export, same tests',
        ratio: ndjsonRate / csvRate,
        goal: `≥ ${goalShare.toFixed(4)}× CSV (${BYTE_RATE_SHARE}× its bytes/s); every test`,
        met: ndjsonRate / csvRate >= goalShare && csvComplete && ndjsonComplete,
        margin: marginAtLeast(ndjsonRate / csvRate, goalShare),
      });
      results.add({
        part,
        metric: `heap capped at ${CAPPED_HEAP_MB} MB: memory above idle (peak)`,
        unit: 'MiB',
        ours: peak - idle,
        baseline: ndjsonRuns[0]!.bytes / 2 ** 20,
        baselineName: 'the whole NDJSON',
        ratio: ndjsonRuns[0]!.bytes / 2 ** 20 / Math.max(1, peak - idle),
        goal: 'streamed: completes',
        met: alive && ndjsonComplete,
      });
      const spread = (runs: readonly ExportRun[]) => runs.map((run) => run.seconds.toFixed(2)).join(', ');
      results.note(
        `${part}: CSV ${spread(csvRuns)} s, ${(csvRuns[0]!.bytes / 2 ** 20).toFixed(1)} MiB (${csvBytesPerTest.toFixed(0)} B a ` +
          `test, ${(csvRuns[0]!.bytes / 2 ** 20 / csvSeconds).toFixed(1)} MiB/s); NDJSON ${spread(ndjsonRuns)} s, ` +
          `${(ndjsonRuns[0]!.bytes / 2 ** 20).toFixed(1)} MiB (${ndjsonBytesPerTest.toFixed(0)} B and ${linesPerTest} ` +
          `resources a test, ${(ndjsonRuns[0]!.bytes / 2 ** 20 / ndjsonSeconds).toFixed(1)} MiB/s); both read by curl ` +
          `into wc from one server with a ${CAPPED_HEAP_MB} MB heap (idle RSS ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
