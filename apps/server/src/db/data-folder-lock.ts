import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Another process (a server or an operator command) holds the data folder. */
export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another process (a running server or an operator command). ` +
        'One data folder serves one process: stop the other process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** The machine has no flock(1) (util-linux), which holds the lock. */
export class DataFolderLockUnavailableError extends Error {
  constructor() {
    super('Cannot lock the data folder: the flock command (util-linux) is not installed. Install util-linux.');
    this.name = 'DataFolderLockUnavailableError';
  }
}

export interface DataFolderLock {
  release(): Promise<void>;
}

/** flock's exit code when the folder is locked already (--conflict-exit-code). */
const IN_USE = 75;

/**
 * Holds an exclusive flock(2) on the data folder itself for the life of this process, through flock(1) (util-linux)
 * running `cat` on a pipe from this process: the kernel drops the lock when that child exits, and the child exits as
 * soon as the pipe closes, so a process killed with SIGKILL leaves no stale lock behind. The lock is on the folder,
 * not on a file in it, because PGlite creates a database only in an empty folder. Decision record "One process per
 * PGlite data folder".
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const child = spawn(
    'flock',
    [
      '--exclusive',
      '--nonblock',
      '--no-fork',
      '--conflict-exit-code',
      String(IN_USE),
      folder,
      'sh',
      '-c',
      'echo locked; exec cat',
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  await new Promise<void>((done, fail) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ENOENT' ? new DataFolderLockUnavailableError() : error),
    );
    child.stdout.once('data', () => done());
    void exited.then((code) =>
      fail(code === IN_USE ? new DataFolderInUseError(folder) : new Error(`flock on ${folder} ended with ${code}`)),
    );
  });
  // The lock must not keep the event loop alive: the process ends when its own work does, and the lock with it.
  child.unref();
  child.stdout.destroy();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  return {
    release: async () => {
      child.ref(); // waiting for the child's exit keeps the process alive until the lock is gone
      child.stdin.end();
      await exited;
    },
  };
}
