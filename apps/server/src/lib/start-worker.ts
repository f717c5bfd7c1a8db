import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// The server runs TypeScript under tsx, and a worker thread (started with no execArgv, so that the parent's flags
// do not leak into it) does not have tsx's loader for its entry file. So a .ts worker starts from a two-line ES module (as a data: URL) that registers tsx in the worker
// and then imports the real entry. The same code runs under `tsx` and under vitest; compiled .js needs nothing.

const require = createRequire(import.meta.url);

/** Start a worker thread for a .ts entry through tsx, or a .js entry directly. */
export function startWorker(url: URL, options: WorkerOptions = {}): Worker {
  const workerOptions: WorkerOptions = { execArgv: [], ...options };
  if (!url.pathname.endsWith('.ts')) {
    return new Worker(url, workerOptions);
  }
  const tsxApi = pathToFileURL(require.resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const bootstrap =
    `import { register } from ${JSON.stringify(tsxApi)};\n` +
    `register();\n` +
    `await import(${JSON.stringify(url.href)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), workerOptions);
}
