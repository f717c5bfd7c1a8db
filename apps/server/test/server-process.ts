import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getFreePort, onFreePort } from './free-port';
import { TEST_REPORT_TIME_LIMIT_SECONDS } from './report-time-limit';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * PGlite's WebAssembly compiled by V8's baseline compiler only: a test server's start and short life never repay the
 * optimising compiler's work (docs/decisions/0089-test-processes-compile-pglite-with-the-baseline-compiler.md). Behaviour is the same; a production process keeps both compilers.
 */
export const TEST_SERVER_NODE_ARGS = ['--liftoff-only'];

export interface ServerProcess {
  url: string;
  /** The server's own process id (node itself, no wrapper: /proc/<pid> is the server). */
  pid: number;
  child: ChildProcess;
  /** Kills the process with SIGKILL (no graceful shutdown) and waits until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (SIGKILL after 10 s) and wait. */
  stop(): Promise<void>;
}

/**
 * The real server as its own process (`node --import tsx src/main.ts`), as an operator runs it, on free ports and
 * loopback; resolves when /readyz answers. Only the variables below and `env` reach it (nothing from the caller's
 * shell, such as a DATABASE_URL). `output: 'inherit'` shows its log; otherwise its stderr is kept for the error if
 * it does not start. `nodeArgs` go to node (e.g. a heap limit); `entry` starts another program built on startServer
 * (the benchmarks' floor server) instead of main.ts, or a built .js entry (run on plain node) from `cwd`.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; output?: 'inherit' | 'quiet'; entry?: string; cwd?: string } = {},
): Promise<ServerProcess> {
  // With `output: 'inherit'` the error does not carry the log, so a port taken in between is not tried again.
  return onFreePort((port) => startServerProcessOn(port, env, options));
}

async function startServerProcessOn(
  port: number,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; output?: 'inherit' | 'quiet'; entry?: string; cwd?: string },
): Promise<ServerProcess> {
  const idpPort = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const entry = options.entry ?? MAIN;
  // A built entry (.js, the production build) runs on plain node, as in production; TypeScript through tsx.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...TEST_SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), ...loader, entry], {
    cwd: options.cwd ?? REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: 'UTC',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DEV_OIDC_PORT: String(idpPort),
      DEMO_DATA: 'false',
      ENABLE_LOCAL_ACCOUNTS: 'true',
      LOG_LEVEL: 'error',
      APP_SECRET: 'server-process-secret-0123456789abcdef',
      WEB_DIST_DIR: '/nonexistent',
      REPORT_TIME_LIMIT_SECONDS: String(TEST_REPORT_TIME_LIMIT_SECONDS),
      ...env,
    },
    stdio: ['ignore', options.output === 'inherit' ? 'inherit' : 'ignore', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) {
    throw new Error('server process did not start');
  }
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (options.output === 'inherit') {
      process.stderr.write(chunk);
    } else {
      stderr += chunk.toString();
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // 'close' comes once stderr is drained too ('exit' may come before its last lines).
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  try {
    await waitUntilReady(child, url);
  } catch (error) {
    child.kill('SIGKILL');
    await closed;
    throw new Error(`${(error as Error).message}: ${stderr}`);
  }
  return {
    url,
    pid,
    child,
    kill: async () => {
      if (isRunning()) {
        child.kill('SIGKILL');
      }
      await exited;
    },
    stop: async () => {
      if (!isRunning()) {
        return;
      }
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Polls `${url}/readyz` until it answers 200. Throws if the process exits first ("server exited during start (code
 * N)") or after `timeoutMs`, a bound for a hang (see the resilience project's in vitest.config.ts); the caller decides
 * what to do with the process then.
 */
export async function waitUntilReady(child: ChildProcess, url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited during start (code ${child.exitCode})`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`server did not become ready within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
