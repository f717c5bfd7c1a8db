import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { backendLabel, createBenchDatabase, isPostgresAvailable, type BackendKind } from '../lib/databases';
import { downloadIntoWc, signIn } from '../lib/http';
import type { Results } from '../lib/results';
import { createBenchUser, insertClinicians, insertManyAssessments, seedBenchDatabase } from '../lib/seed';
import { startServerProcess } from '../lib/server-process';

// `fhir-bulk-export` (bench/README.md): 100,000 submitted tests exported by a machine client through FHIR Bulk Data
// (kick-off, polling the status URL, downloading every NDJSON file with curl into wc) against the CSV export of the
// same tests by a signed-in admin, in the same run on the same server. Reported: the export's wall time from kick-off
// to the last byte, its bytes, and both as ratios to the CSV's; the verdict is that it completes with every test.

const TESTS = 100_000;
const CLINICIANS = 100;
const CLIENT_ID = 'bench-bulk';
const SECRET = 'bench-bulk-secret-0123456789abcdefghijklmnop';

async function token(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'system/Observation.rs system/QuestionnaireResponse.rs',
    }).toString(),
  });
  if (response.status !== 200) {
    throw new Error(`token: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function runFhirBulkExportBench(results: Results, options: { quick?: boolean }): Promise<void> {
  const tests = options.quick ? TESTS / 10 : TESTS;
  const kind: BackendKind = (await isPostgresAvailable()) ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    results.note('fhir-bulk-export: PostgreSQL not reachable on 127.0.0.1:5432; run on PGlite instead');
  }
  const part = `fhir-bulk-export (${backendLabel(kind)})`;
  const database = await createBenchDatabase(kind);
  const exportDir = await mkdtemp(join(tmpdir(), 'pid5-bench-bulk-'));
  try {
    const seeded = performance.now();
    // The seed spreads the tests over two years, each finished two days after it was made: those of the last two
    // days finish later than now, and an export holds the tests submitted by its kick-off.
    const submitted = await seedBenchDatabase(database, 'bulk-clinician', async ({ db, docs, clinicianId }) => {
      await createBenchUser(db, { username: 'bulk-admin', role: 'admin' });
      const others = await insertClinicians(db, CLINICIANS - 1);
      await insertManyAssessments(db, {
        clinicianIds: [clinicianId, ...others],
        count: tests,
        ...docs,
        completedEvery: 1,
      });
      const counted = await db.execute(sql`SELECT count(*)::int AS n FROM assessments WHERE finished_at <= now()`);
      return Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n);
    });
    console.log(
      `  seeded ${tests.toLocaleString('en-US')} submitted tests in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const clients = [
      {
        clientId: CLIENT_ID,
        scopes: ['system/Observation.read', 'system/QuestionnaireResponse.read'],
        clientSecretSha256: createHash('sha256').update(SECRET).digest('hex'),
      },
    ];
    const server = await startServerProcess({
      ...database.env,
      FHIR_CLIENTS: JSON.stringify(clients),
      FHIR_EXPORT_DIR: exportDir,
    });
    try {
      const cookie = await signIn(server.url, 'bulk-admin');
      const csvStarted = performance.now();
      const csv = await downloadIntoWc(`${server.url}/api/assessments/export.csv`, cookie);
      const csvSeconds = (performance.now() - csvStarted) / 1000;
      if (csv.status !== 200) {
        throw new Error(`CSV: ${csv.status}`);
      }

      const started = performance.now();
      const kickOff = await fetch(`${server.url}/fhir/R4/$export`, {
        headers: { authorization: `Bearer ${await token(server.url)}`, prefer: 'respond-async' },
      });
      if (kickOff.status !== 202) {
        throw new Error(`kick-off: ${kickOff.status} ${await kickOff.text()}`);
      }
      const statusUrl = kickOff.headers.get('content-location')!;
      interface Manifest {
        output: { type: string; url: string; count: number }[];
      }
      let manifest = null as Manifest | null;
      let polls = 0;
      while (!manifest) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        // A token lasts 5 minutes: a client asks for another as it polls.
        const status = await fetch(statusUrl, { headers: { authorization: `Bearer ${await token(server.url)}` } });
        polls += 1;
        if (status.status === 200) {
          manifest = (await status.json()) as Manifest;
        } else if (status.status !== 202) {
          throw new Error(`status: ${status.status} ${await status.text()}`);
        } else if (polls % 30 === 0) {
          console.log(`  export: ${status.headers.get('x-progress')}`);
        }
      }
      const written = performance.now();
      let bytes = 0;
      let lines = 0;
      const bearer = await token(server.url);
      for (const output of manifest!.output) {
        const file = await downloadIntoWc(output.url, { bearer });
        if (file.status !== 200 || file.lines !== output.count) {
          throw new Error(`${output.url}: ${file.status}, ${file.lines} lines of ${output.count}`);
        }
        bytes += file.bytes;
        lines += file.lines;
      }
      const seconds = (performance.now() - started) / 1000;
      const downloadSeconds = (performance.now() - written) / 1000;
      const responses = manifest!.output.find((o) => o.type === 'QuestionnaireResponse')?.count ?? 0;
      const provenances = manifest!.output.find((o) => o.type === 'Provenance')?.count ?? 0;

      results.add({
        part,
        metric: `CSV: ${tests.toLocaleString('en-US')} tests, seconds`,
        unit: 's',
        ours: csvSeconds,
      });
      results.add({
        part,
        metric: '$export: kick-off to last file downloaded, seconds',
        unit: 's',
        ours: seconds,
        baseline: csvSeconds,
        baselineName: 'the CSV export, same tests',
        ratio: seconds / csvSeconds,
        goal: 'completes with every test submitted by the kick-off',
        met: provenances >= submitted && provenances <= tests && responses === provenances,
      });
      results.add({
        part,
        metric: '$export: bytes (all files)',
        unit: 'MiB',
        ours: bytes / 2 ** 20,
        baseline: csv.bytes / 2 ** 20,
        baselineName: 'the CSV',
        ratio: bytes / csv.bytes,
      });
      results.note(
        `${part}: CSV ${csvSeconds.toFixed(1)} s, ${(csv.bytes / 2 ** 20).toFixed(1)} MiB; $export ${seconds.toFixed(1)} s ` +
          `(${(seconds - downloadSeconds).toFixed(1)} s writing, ${downloadSeconds.toFixed(1)} s downloading ` +
          `${manifest!.output.length} files), ${(bytes / 2 ** 20).toFixed(1)} MiB, ${lines.toLocaleString('en-US')} ` +
          `resources, ${provenances.toLocaleString('en-US')} tests (${submitted.toLocaleString('en-US')} submitted by ` +
          `the kick-off of ${tests.toLocaleString('en-US')}); ${polls} polls`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    await rm(exportDir, { recursive: true, force: true });
  }
}
