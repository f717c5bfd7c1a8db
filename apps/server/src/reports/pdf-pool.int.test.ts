import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReportInput } from '../../test/report-input';
import { TEST_REPORT_TIME_LIMIT_SECONDS } from '../../test/report-time-limit';
import { createPdfPool, PdfRenderError } from './pdf-pool';
import { renderReportPdf, type ReportInput } from './report-pdf';

// The worker pool, with the real worker (pdf-worker.ts started through tsx, as under `npm start`) and with
// stand-in workers that crash or hang.

const input = demoReportInput();

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pid5-pool-'));
  await writeFile(
    join(dir, 'crash-worker.mjs'),
    "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n",
  );
  await writeFile(
    join(dir, 'hang-worker.mjs'),
    "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => undefined);\n",
  );
  // Answers each report a moment later with the input's `order` as the PDF's one byte.
  await writeFile(
    join(dir, 'echo-worker.mjs'),
    "import { parentPort } from 'node:worker_threads';\n" +
      "parentPort.on('message', (job) => setTimeout(() => parentPort.postMessage(" +
      '{ id: job.id, ok: true, pdf: new Uint8Array([job.input.order]) }), 20));\n',
  );
  await writeFile(join(dir, 'broken-worker.mjs'), "throw new Error('no language folder');\n");
  await writeFile(
    join(dir, 'failing-worker.mjs'),
    "import { parentPort } from 'node:worker_threads';\n" +
      "parentPort.on('message', (job) => parentPort.postMessage({ id: job.id, ok: false, message: 'no font' }));\n",
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PDF worker pool', () => {
  it('draws reports in worker threads without blocking the event loop', async () => {
    const pool = createPdfPool({ size: 2, timeoutMs: TEST_REPORT_TIME_LIMIT_SECONDS * 1000 });
    pool.warm();
    try {
      // Warm up (the first report also starts the worker and compiles the TypeScript).
      const first = await pool.render(input);
      expect(Buffer.from(first.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

      // The same report drawn on this thread blocks it for the whole drawing: that is the delay to stay far below.
      const inProcessStart = performance.now();
      await renderReportPdf(input);
      const inProcessMs = performance.now() - inProcessStart;

      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const pdfs = await Promise.all(Array.from({ length: 4 }, () => pool.render(input)));
      delay.disable();
      expect(pdfs.every((pdf) => pdf.byteLength > 20_000)).toBe(true);
      const maxDelayMs = delay.max / 1e6;
      expect(maxDelayMs, `event loop delay ${maxDelayMs} ms; in process ${inProcessMs} ms`).toBeLessThan(
        Math.max(50, inProcessMs / 2),
      );
    } finally {
      await pool.close();
    }
  });

  it('fails only the report whose worker crashed, and replaces the worker', async () => {
    const pool = createPdfPool({ size: 1, workerUrl: pathToFileURL(join(dir, 'crash-worker.mjs')) });
    try {
      await expect(pool.render(input)).rejects.toBeInstanceOf(PdfRenderError);
      await expect(pool.render(input)).rejects.toThrow(/stopped \(exit code 3\)/);
    } finally {
      await pool.close();
    }
  });

  it('answers at once, never by the time limit, when a worker cannot start or a report cannot be drawn', async () => {
    const broken = createPdfPool({ size: 1, workerUrl: pathToFileURL(join(dir, 'broken-worker.mjs')) });
    try {
      await expect(broken.render(input)).rejects.toThrow(/worker failed: no language folder/);
    } finally {
      await broken.close();
    }
    // The real worker: a report whose drawing throws before it starts is answered with the error, and the same
    // worker draws the next one.
    const pool = createPdfPool({ size: 1, timeoutMs: TEST_REPORT_TIME_LIMIT_SECONDS * 1000 });
    try {
      const unreadable = { ...input, results: undefined } as unknown as ReportInput;
      const error = await pool.render(unreadable).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(PdfRenderError);
      // The drawing's own error, answered by the worker (not its crash, which would cost a new worker).
      expect(String(error)).not.toMatch(/worker failed|worker stopped/);
      const pdf = await pool.render(input);
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  });

  it('gives up on a report that takes too long', async () => {
    const pool = createPdfPool({ size: 1, timeoutMs: 200, workerUrl: pathToFileURL(join(dir, 'hang-worker.mjs')) });
    try {
      await expect(pool.render(input)).rejects.toThrow(/longer than 200 ms/);
    } finally {
      await pool.close();
    }
  });

  it('takes turns between requesters, bounds each one, and says when to retry', async () => {
    const pool = createPdfPool({
      size: 1,
      maxQueuedPerRequester: 3,
      workerUrl: pathToFileURL(join(dir, 'echo-worker.mjs')),
    });
    const drawn: string[] = [];
    const ask = (requester: string, order: number) =>
      pool.render({ order } as unknown as ReportInput, { requester }).then(() => drawn.push(`${requester}${order}`));
    try {
      const a = [ask('a', 1), ask('a', 2), ask('a', 3)];
      // A fourth report of a's is refused: at most 3 at a time per requester.
      await expect(ask('a', 4)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
      const b = [ask('b', 1), ask('b', 2)];
      const c = [ask('c', 1)];
      await Promise.all([...a, ...b, ...c]);
      // a1 was being drawn when b and c asked; after it, each requester in turn.
      expect(drawn).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    } finally {
      await pool.close();
    }
  });

  it('passes a drawing error on, refuses work beyond its queue, and refuses work once closed', async () => {
    const failing = createPdfPool({ size: 1, workerUrl: pathToFileURL(join(dir, 'failing-worker.mjs')) });
    await expect(failing.render(input)).rejects.toThrow('no font');
    await failing.close();
    await expect(failing.render(input)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    const hanging = createPdfPool({
      size: 1,
      maxQueued: 1,
      timeoutMs: 5_000,
      workerUrl: pathToFileURL(join(dir, 'hang-worker.mjs')),
    });
    const pending = Promise.allSettled([hanging.render(input), hanging.render(input)]);
    await expect(hanging.render(input)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await hanging.close();
    // The running and the queued report are both answered when the pool closes.
    for (const outcome of await pending) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'SERVICE_UNAVAILABLE' } });
    }
  });

  it('closing with a grace lets the report being drawn finish, and refuses the waiting one at once', async () => {
    const pool = createPdfPool({ size: 1, workerUrl: pathToFileURL(join(dir, 'echo-worker.mjs')) });
    const drawing = pool.render({ order: 7 } as unknown as ReportInput);
    const waiting = pool.render({ order: 8 } as unknown as ReportInput);
    const closed = pool.close({ graceMs: 600_000 });
    await expect(waiting).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect([...(await drawing)]).toEqual([7]);
    await closed;
  });

  it('closing with a grace stops a report that does not finish within it', async () => {
    const pool = createPdfPool({
      size: 1,
      timeoutMs: 600_000,
      workerUrl: pathToFileURL(join(dir, 'hang-worker.mjs')),
    });
    const refused = expect(pool.render(input)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await pool.close({ graceMs: 100 });
    await refused;
  });
});
