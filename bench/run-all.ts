import { arch, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { installCleanupHandlers, runAllCleanups } from './lib/cleanup';
import { cpuModel, loadAverageText } from './lib/host';
import { Results, renderTable, writeResults } from './lib/results';
import { runAnswersBench } from './parts/answers';
import { runFhirBulkExportBench } from './parts/fhir-bulk-export';
import { runFhirExportBench } from './parts/fhir-export';
import { runMailBench } from './parts/mail';
import { runPdfBench } from './parts/pdf';
import { MILLION_SIZE, runScaleBench } from './parts/scale';
import { runStartupBench } from './parts/startup';
import { runWeightBench } from './parts/weight';

// `npm run bench` runs every part; `npm run bench -- answers dashboard` runs some. The word `quick` (or
// BENCH_QUICK=1) shortens every phase, for trying the harness, not for figures. Each part measures ours and its baseline in the same run.

const PARTS = [
  'pdf',
  'answers',
  'mail',
  'dashboard',
  'csv',
  'million',
  'fhir-export',
  'fhir-bulk-export',
  'weight',
  'startup',
] as const;
type Part = (typeof PARTS)[number];

const args = process.argv.slice(2);
const quick = args.includes('quick') || process.env.BENCH_QUICK === '1';
const named = args.filter((a) => !a.startsWith('--') && a !== 'quick');
const unknown = named.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
const selected: Part[] = named.length > 0 ? (named as Part[]) : [...PARTS];

installCleanupHandlers();
const results = new Results();
const started = new Date();
const failures: string[] = [];

async function runPart(part: Part): Promise<void> {
  switch (part) {
    case 'pdf':
      return runPdfBench(results, { quick });
    case 'answers':
      return runAnswersBench(results, { quick });
    case 'mail':
      return runMailBench(results, { quick });
    case 'dashboard':
      // The CSV export runs on the same 100,000-row fixture when both are selected.
      return runScaleBench(results, { dashboard: true, csv: selected.includes('csv'), quick });
    case 'csv':
      return selected.includes('dashboard')
        ? undefined
        : runScaleBench(results, { dashboard: false, csv: true, quick });
    case 'million':
      // 1,000,000 assessments over 5,000 clinicians, dashboard and CSV, on PostgreSQL only.
      return runScaleBench(results, { dashboard: true, csv: true, quick, backends: ['postgres'], size: MILLION_SIZE });
    case 'fhir-export':
      // 100,000 submitted tests as FHIR NDJSON against the CSV of the same tests (PostgreSQL; PGlite without it).
      return runFhirExportBench(results, { quick });
    case 'fhir-bulk-export':
      // The same 100,000 tests through FHIR Bulk Data $export (a machine client) against the CSV, same run.
      return runFhirBulkExportBench(results, { quick });
    case 'weight':
      return runWeightBench(results, { quick });
    case 'startup':
      return runStartupBench(results, { quick });
  }
}

results.note(
  `host: ${cpuModel()}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `load average at the start ${loadAverageText()}`,
);
for (const part of selected) {
  console.log(`\n=== ${part} ===`);
  const t0 = performance.now();
  try {
    await runPart(part);
  } catch (error) {
    failures.push(part);
    // A failed query's error carries its parameters (a million-row seed's are long): the message and cause only.
    const message = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
    console.error(`part ${part} failed: ${message.slice(0, 1000)}${cause}`);
    results.note(`${part}: FAILED (${message.slice(0, 300)}${cause})`);
  } finally {
    await runAllCleanups();
  }
  const seconds = ((performance.now() - t0) / 1000).toFixed(0);
  results.note(`${part}: ${seconds} s; load average at the end ${loadAverageText()}`);
}

console.log(`\n${renderTable(results.rows)}`);
if (results.notes.length > 0) {
  console.log(`\nNotes:\n${results.notes.map((n) => `- ${n}`).join('\n')}`);
}
const file = fileURLToPath(new URL('./results/latest.json', import.meta.url));
writeResults(file, {
  startedAt: started.toISOString(),
  finishedAt: new Date().toISOString(),
  quick,
  parts: selected,
  machine: {
    cpu: cpuModel(),
    nproc: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    arch: arch(),
  },
  rows: results.rows,
  notes: results.notes,
});
console.log(`\nWritten to ${file}`);
process.exit(failures.length > 0 ? 1 : 0);
