import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServerProcess as startTestServerProcess, type ServerProcess } from '@pid5/server/testing';
import { onCleanup } from './cleanup';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The real server as a child process (apps/server/test/server-process.ts) with its log shown, stopped by the bench's
 * cleanup also on Ctrl-C; with `floorRoutes`, with the floor routes beside the product's (floor-routes.ts).
 */
export type { ServerProcess };

const FLOOR_SERVER = fileURLToPath(new URL('./floor-server-main.ts', import.meta.url));

export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; floorRoutes?: boolean; entry?: string; cwd?: string } = {},
): Promise<ServerProcess> {
  const server = await startTestServerProcess(
    { LOG_LEVEL: 'warn', ...env },
    {
      nodeArgs: options.nodeArgs,
      output: 'inherit',
      entry: options.floorRoutes ? FLOOR_SERVER : options.entry,
      cwd: options.cwd,
    },
  );
  const stop = onCleanup(server.stop, () => server.child.kill('SIGKILL'));
  return { ...server, stop };
}

/** Resident memory of a process in MiB (VmRSS from /proc). */
export function readRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/** CPU time (user + system) a process has used so far, in ms (from /proc/<pid>/stat; clock ticks of 10 ms). */
export function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
