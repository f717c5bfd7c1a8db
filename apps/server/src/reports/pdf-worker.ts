import { parentPort } from 'node:worker_threads';
import { renderReportPdf, type ReportInput } from './report-pdf';

// Worker-thread side of pdf-pool.ts: draws one report per message and posts the bytes back (transferred, not
// copied). Errors are posted as messages so the pool can answer that request and keep the worker.

export interface PdfJobMessage {
  id: number;
  input: ReportInput;
}

export type PdfResultMessage = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) {
  throw new Error('pdf-worker.ts runs only as a worker thread');
}

port.on('message', (job: PdfJobMessage) => {
  renderReportPdf(job.input).then(
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
