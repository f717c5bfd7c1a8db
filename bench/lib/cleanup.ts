// Everything a benchmark starts (server processes, browsers, temp folders, bench databases) registers how to undo
// it here, so an interrupted run (Ctrl-C, an error) still leaves nothing behind.

type Cleanup = () => Promise<void> | void;

const cleanups = new Map<number, Cleanup>();
const syncCleanups = new Map<number, () => void>();
let nextId = 1;

/** Registers `cleanup`; returns a function that runs it once and unregisters it. */
export function onCleanup(cleanup: Cleanup, lastResort?: () => void): () => Promise<void> {
  const id = nextId++;
  cleanups.set(id, cleanup);
  if (lastResort) {
    syncCleanups.set(id, lastResort);
  }
  return async () => {
    if (cleanups.delete(id)) {
      syncCleanups.delete(id);
      await cleanup();
    }
  };
}

export async function runAllCleanups(): Promise<void> {
  for (const [id, cleanup] of [...cleanups].reverse()) {
    cleanups.delete(id);
    syncCleanups.delete(id);
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

let isInstalled = false;

/** On SIGINT/SIGTERM: clean up and exit; on any exit, kill what is still running (synchronously). */
export function installCleanupHandlers(): void {
  if (isInstalled) {
    return;
  }
  isInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      const force = setTimeout(() => process.exit(130), 20_000);
      force.unref();
      void runAllCleanups().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const kill of syncCleanups.values()) {
      try {
        kill();
      } catch {
        // best effort
      }
    }
  });
}
