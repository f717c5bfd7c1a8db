import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { addLanguageFolder } from '@pid5/i18n';
import { addLanguageData } from '../i18n/language-files';
import { canUsePdfkitInternals } from './pdfkit-internals';
import { renderComparisonPdf, type ComparisonReportInput } from './comparison-report/comparison-pdf';
import { renderReportPdf, type ReportInput } from './report-pdf';
import { renderScoreReportPdf, type ScoreReportInput } from './score-report-pdf';

// Worker-thread side of pdf-pool.ts: draws one report per message and posts the bytes back (transferred, not
// copied). Errors are posted as messages so the pool can answer that request and keep the worker.

/**
 * What the pool draws: the patient's report (report-pdf.ts), the clinician's score report (score-report-pdf.ts) or
 * the comparison of two tests (comparison-report/).
 */
export type PdfReportInput = ReportInput | ScoreReportInput | ComparisonReportInput;

export interface PdfJobMessage {
  id: number;
  input: PdfReportInput;
}

function renderAnyReport(input: PdfReportInput): Promise<Uint8Array> {
  switch (input.kind) {
    case 'comparison':
      return renderComparisonPdf(input);
    case 'score-report':
      return renderScoreReportPdf(input);
    case 'profile':
    case undefined:
      return renderReportPdf(input);
  }
}

export type PdfResultMessage = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

/** How much lower than the process's own priority report threads run (nice value added; 19 is the lowest). */
const REPORT_THREAD_NICENESS = 10;

/**
 * On Linux this thread runs at a lower priority than the event loop (a thread's own nice value, by its thread id),
 * so when both want the CPU, answer saves and every other request go first and reports wait (DESIGN.md "Architecture": a report
 * never stalls answer saving; on 2 cores the save p99 during reports was 7× the p99 without, bench/README.md).
 * Elsewhere, or if not allowed, reports run at normal priority.
 */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) {
      setPriority(threadId, Math.min(19, getPriority(threadId) + REPORT_THREAD_NICENESS));
    }
  } catch {
    // Not Linux: normal priority.
  }
}

const port = parentPort;
if (!port) {
  throw new Error('pdf-worker.ts runs only as a worker thread');
}

lowerThreadPriority();
for (const folder of (workerData as { languageFolders?: string[] } | null)?.languageFolders ?? []) {
  addLanguageFolder(folder);
}
addLanguageData();
// Check pdfkit now, while the worker warms up (about 0.1 s), rather than in the first report it draws.
canUsePdfkitInternals();

port.on('message', (job: PdfJobMessage) => {
  // Through a promise, so an error thrown before the drawing's own promise exists is answered like any other.
  Promise.resolve(job.input)
    .then(renderAnyReport)
    .then(
      (pdf) => {
        const message: PdfResultMessage = { id: job.id, ok: true, pdf };
        port.postMessage(message, [pdf.buffer as ArrayBuffer]);
      },
      (error: unknown) => {
        const message: PdfResultMessage = {
          id: job.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        };
        port.postMessage(message);
      },
    );
});
