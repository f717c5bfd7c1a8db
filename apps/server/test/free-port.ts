import { createServer } from 'node:net';

/** A loopback port that was free a moment ago (the OS picks it; the probe server is closed again). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `start` on a probed free port, and again on another if that port was taken before `start` bound it: another
 * process's bind(0) may get the probed port in between (npm test runs the integration tests on the two back ends
 * side by side). Three tries; any other failure at once.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await getFreePort());
    } catch (error) {
      if (attempt === 3 || !String((error as Error).message).includes('EADDRINUSE')) {
        throw error;
      }
    }
  }
}
