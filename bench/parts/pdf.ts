import { createDemoResponses } from '@pid5/instrument';
import { chromium, type Browser } from 'playwright-core';
import {
  renderReportPdf,
  renderScoreReportPdf,
  type ReportInput,
  type ScoreReportInput,
  demoReportInput,
  demoScoreReportInput,
  insertOpenTests,
} from '@pid5/server/testing';
import { renderEmptyPdf } from '../lib/library-floors';
import { onCleanup } from '../lib/cleanup';
import { backendLabel, createBenchDatabase, isPostgresAvailable } from '../lib/databases';
import { signIn } from '../lib/http';
import { runFixedRate, runLoad, type LoadResult } from '../lib/load';
import { marginAtLeast, marginAtMost, type Results } from '../lib/results';
import { nextFloorRequest, nextSaveAnswer } from '../lib/saves';
import { insertCompletedTests, seedBenchDatabase } from '../lib/seed';
import { startServerProcess } from '../lib/server-process';
import { median, percentile, timeRuns } from '../lib/stats';
import { renderReportHtml } from '../pdf/report-html';

// Part 1: the PDF report. Ours (pdfkit, in process and over HTTP through the worker pool) against the replaced
// product's way: a warm headless Chromium (browser kept open) printing an equivalent HTML page per report.

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const close = onCleanup(() => browser.close());
  browser.once('disconnected', () => void close());
  return browser;
}

const SAMPLE_NAMES = ['Zoë Ångström', 'Jane Doe', 'Ελένη Παπαδοπούλου', 'Жанна Иванова', "Seán O'Brien-Núñez"];

/**
 * Answers of an interpretable protocol, different for each patient: the report then has every section, as the HTML
 * baseline does (uniformly random answers fail the validity screen and make the one-page report that says so).
 */
const sampleResponses = (i: number) => createDemoResponses({ seed: 100 + i });

/**
 * Reports for `count` different patients: different names and answers, hence different scores, chart labels and
 * validity statements, as a clinic's reports are (the same report again and again would flatter any cache).
 */
function sampleReportInputs(count: number): ReportInput[] {
  return Array.from({ length: count }, (_, i) =>
    demoReportInput({ name: SAMPLE_NAMES[i % SAMPLE_NAMES.length], responses: sampleResponses(i) }),
  );
}

/** The clinician's score report of the same patients, by patient id. */
function sampleScoreReportInputs(count: number): ScoreReportInput[] {
  return Array.from({ length: count }, (_, i) =>
    demoScoreReportInput({ patientId: `P-${String(i).padStart(4, '0')}`, responses: sampleResponses(i) }),
  );
}

function countPdfPages(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;
}

export async function runPdfBench(results: Results, options: { quick?: boolean } = {}): Promise<void> {
  const part = 'pdf';
  // More patients than reports drawn: every measured report is for a patient not seen before.
  const inputs = sampleReportInputs(320);
  const input = inputs[0] as ReportInput;
  const htmls = inputs.map((each) => renderReportHtml(each));
  let nextOurs = 0;
  let nextBaseline = 0;
  // 120 reports (and 40 of Chromium's) after a warm-up: 40 timed from a cold start gave 8.1-11.5×
  // across five runs of the same code on one machine (below).
  const runs = options.quick ? 10 : 120;

  // Alternate blocks of ours and the baseline, so a noisy neighbour hurts both alike.
  console.log('pdf: in-process pdfkit vs warm Chromium (setContent + pdf per report)');
  const browser = await launchChromium();
  const page = await browser.newPage();
  const chromiumReport = async () => {
    await page.setContent(htmls[nextBaseline++ % htmls.length] ?? '', { waitUntil: 'load' });
    return page.pdf({ format: 'A4', printBackground: true });
  };
  const oursReport = () => renderReportPdf(inputs[nextOurs++ % inputs.length] ?? input);
  const oursPdf = await renderReportPdf(input);
  const chromiumPdf = await chromiumReport();
  results.note(
    `pdf: ours ${countPdfPages(oursPdf)} pages / ${Math.round(oursPdf.byteLength / 1024)} kB; Chromium ` +
      `${countPdfPages(chromiumPdf)} pages / ${Math.round(chromiumPdf.byteLength / 1024)} kB (same report, HTML rendering)`,
  );
  const ours: number[] = [];
  const baseline: number[] = [];
  const blocks = 4;
  // Both warmed up first: a server draws thousands of reports, and the first few dozen run before V8 has optimised
  // them (our median was 7.6-10.8 ms over 40 reports from a cold start, 6.1-6.4 ms after 30 unmeasured ones).
  await timeRuns(oursReport, { warmup: 0, runs: 30 });
  await timeRuns(chromiumReport, { warmup: 0, runs: 5 });
  for (let b = 0; b < blocks; b++) {
    ours.push(...(await timeRuns(oursReport, { warmup: 2, runs: runs / blocks })));
    baseline.push(...(await timeRuns(chromiumReport, { warmup: 1, runs: Math.max(3, runs / blocks / 3) })));
  }
  const oursMedian = median(ours);
  const baseMedian = median(baseline);
  const speedup = baseMedian / oursMedian;
  results.add({
    part,
    metric: 'report, median (in process)',
    unit: 'ms',
    ours: oursMedian,
    baseline: baseMedian,
    baselineName: 'warm Chromium',
    ratio: speedup,
    goal: '≥ 8× faster',
    met: speedup >= 8,
    margin: marginAtLeast(speedup, 8),
  });
  results.add({
    part,
    metric: 'report, p90 (in process)',
    unit: 'ms',
    ours: percentile(ours, 90),
    baseline: percentile(baseline, 90),
    baselineName: 'warm Chromium',
    ratio: percentile(baseline, 90) / percentile(ours, 90),
  });

  // pdfkit's floor: a document of the report's page count with nothing on its pages (bench/README.md).
  const pageCount = countPdfPages(oursPdf);
  const empty = await timeRuns(() => renderEmptyPdf(pageCount), { warmup: 3, runs });
  const emptyMedian = median(empty);
  results.add({
    part,
    metric: `pdfkit floor: ${pageCount} empty pages, median`,
    unit: 'ms',
    ours: oursMedian,
    baseline: emptyMedian,
    baselineName: 'empty document',
    // How many empty documents a report costs: its drawing, on top of pdfkit's own writing.
    ratio: oursMedian / emptyMedian,
  });
  results.note(
    `pdf floor figures: empty ${pageCount}-page document ${emptyMedian.toFixed(2)} ms; drawing the report's content ` +
      `${(oursMedian - emptyMedian).toFixed(2)} ms of its ${oursMedian.toFixed(2)} ms`,
  );

  // The clinician's score report, alternating with the patient's report of the same patients: its cost
  // against the report that has the goal, and against pdfkit's empty document of its own page count.
  const scoreInputs = sampleScoreReportInputs(inputs.length);
  let nextScore = 0;
  const scoreReport = () => renderScoreReportPdf(scoreInputs[nextScore++ % scoreInputs.length]!);
  const scorePages = countPdfPages(await scoreReport());
  const scoreTimes: number[] = [];
  const patientTimes: number[] = [];
  for (let b = 0; b < blocks; b++) {
    scoreTimes.push(...(await timeRuns(scoreReport, { warmup: 2, runs: runs / blocks })));
    patientTimes.push(...(await timeRuns(oursReport, { warmup: 2, runs: runs / blocks })));
  }
  const scoreEmpty = median(await timeRuns(() => renderEmptyPdf(scorePages), { warmup: 3, runs }));
  results.add({
    part,
    metric: `score report (${scorePages} pages), median (in process)`,
    unit: 'ms',
    ours: median(scoreTimes),
    baseline: median(patientTimes),
    baselineName: "the patient's report, same patients",
    // How many patient reports a score report costs (information: the goal is the patient report's).
    ratio: median(scoreTimes) / median(patientTimes),
  });
  results.note(
    `pdf: score report ${scorePages} pages, median ${median(scoreTimes).toFixed(2)} ms, p90 ` +
      `${percentile(scoreTimes, 90).toFixed(2)} ms; empty ${scorePages}-page document ${scoreEmpty.toFixed(2)} ms; ` +
      `${(median(baseline) / median(scoreTimes)).toFixed(1)}× faster than warm Chromium's patient report`,
  );

  // Warm Chromium with 4 pages printing at once: the baseline for reports per second.
  const chromiumPages = await Promise.all(Array.from({ length: 4 }, () => browser.newPage()));
  const chromiumCount = options.quick ? 12 : 32;
  let issued = 0;
  const chromiumStarted = performance.now();
  await Promise.all(
    chromiumPages.map(async (p) => {
      while (issued < chromiumCount) {
        await p.setContent(htmls[issued++ % htmls.length] ?? '', { waitUntil: 'load' });
        await p.pdf({ format: 'A4', printBackground: true });
      }
    }),
  );
  const chromiumPerSecond = chromiumCount / ((performance.now() - chromiumStarted) / 1000);
  await browser.close();

  // Over HTTP: the real server with its worker pool, on PostgreSQL as in production (the answers part measures both
  // back ends), PGlite when there is none.
  const kind = (await isPostgresAvailable()) ? 'postgres' : 'pglite';
  results.note(`pdf: HTTP part on ${backendLabel(kind)}`);
  const database = await createBenchDatabase(kind);
  const { reportIds, codes } = await seedBenchDatabase(
    database,
    'pdf-clinician',
    async ({ db, docs, clinicianId }) => ({
      reportIds: await insertCompletedTests(db, { clinicianId, count: 20, ...docs }),
      codes: await insertOpenTests(db, { clinicianId, count: 1000, ...docs }),
    }),
  );
  const server = await startServerProcess(database.env, { floorRoutes: true });
  try {
    const cookie = await signIn(server.url, 'pdf-clinician');
    let nextReport = 0;
    const reportRequests = [
      {
        method: 'GET',
        setupRequest: (request: object) => ({
          ...request,
          path: `/api/assessments/${reportIds[nextReport++ % reportIds.length]}/report.pdf?name=Bench%20Patient&tz=UTC`,
        }),
      },
    ];
    // Warm the worker pool (first report loads pdfkit and compiles the worker).
    await fetch(`${server.url}/api/assessments/${reportIds[0]}/report.pdf`, { headers: { cookie } }).then((r) =>
      r.arrayBuffer(),
    );
    const durationS = options.quick ? 5 : 10;
    const pdfLoad = await runLoad({
      url: server.url,
      connections: 4,
      durationS,
      requests: reportRequests,
      headers: { cookie },
    });
    results.add({
      part,
      metric: 'reports/s over HTTP (concurrency 4)',
      unit: '/s',
      ours: pdfLoad.throughput,
      baseline: chromiumPerSecond,
      baselineName: 'warm Chromium, 4 pages',
      ratio: pdfLoad.throughput / chromiumPerSecond,
    });
    if (pdfLoad.errors > 0) {
      results.note(`pdf: ${pdfLoad.errors} report requests failed (${JSON.stringify(pdfLoad.statusCodes)})`);
    }

    // Answer saves at a fixed rate, alone and while reports are being drawn; the limit under the same PDF load is
    // the floor route (the save's request handling without the database) at the same rate, also during reports.
    const rate = 200;
    const floorLoad = (): Promise<LoadResult> =>
      runFixedRate({ url: server.url, rate, durationS, next: nextFloorRequest(codes) });
    const saveLoad = (): Promise<LoadResult> =>
      runFixedRate({ url: server.url, rate, durationS, next: nextSaveAnswer(codes) });
    const pdfLoadDuring = () =>
      runLoad({ url: server.url, connections: 4, durationS, requests: reportRequests, headers: { cookie } });
    const alone = await saveLoad();
    const [during, pdfDuring] = await Promise.all([saveLoad(), pdfLoadDuring()]);
    const [floorDuring] = await Promise.all([floorLoad(), pdfLoadDuring()]);
    const slowdown = during.p99 / floorDuring.p99;
    results.add({
      part,
      metric: `save p99 at ${rate}/s during PDFs`,
      unit: 'ms',
      ours: during.p99,
      baseline: floorDuring.p99,
      baselineName: 'floor route, same rate, during PDFs',
      // How many of the floor's p99 a save's p99 is (the goal is on this: ≤ 5, as in the answers part).
      ratio: slowdown,
      goal: 'no collapse: ≤ 5× floor p99; 0 errors',
      met: during.errors === 0 && slowdown <= 5,
      margin: marginAtMost(slowdown, 5),
    });
    results.add({
      part,
      metric: `save p99 at ${rate}/s without PDFs`,
      unit: 'ms',
      ours: alone.p99,
    });
    results.note(
      `pdf: during the save load ${pdfDuring.throughput.toFixed(1)} reports/s; saves ${during.throughput.toFixed(0)}/s, ` +
        `p50 ${during.p50.toFixed(1)} ms, errors ${during.errors} (alone: p50 ${alone.p50.toFixed(1)} ms, errors ${alone.errors}); ` +
        `floor route during PDFs p50 ${floorDuring.p50.toFixed(2)} ms, p99 ${floorDuring.p99.toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
    await database.drop();
  }
}
