import { spawn } from 'node:child_process';

/**
 * Runs `command args…` with its standard output piped into `wc -lc` (bash with pipefail), and answers the bytes and
 * lines wc counted, the time from start to exit and the command's standard error. Both the export (curl) and COPY
 * (psql) are read this way when timed: a C program writing into a C program, so the bench's own process does no work
 * per byte while the server and the database share the machine's cores (bench/README.md, "COPY").
 */
export function runIntoWc(
  command: string,
  args: readonly string[],
): Promise<{ bytes: number; lines: number; ms: number; stderr: string; exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // "$@" is the command and its arguments as given: nothing in them is read by the shell.
    const child = spawn('bash', ['-o', 'pipefail', '-c', '"$@" | wc -lc', 'bench', command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const ms = performance.now() - started;
      const [lines, bytes] = stdout.trim().split(/\s+/).map(Number);
      resolve({ bytes: bytes ?? 0, lines: lines ?? 0, ms, stderr, exitCode });
    });
  });
}
