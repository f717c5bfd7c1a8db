import type { Server } from 'node:http';

/**
 * At most `max` open connections from one address: a client that opens hundreds of slow
 * connections cannot take every socket the process has. A connection beyond the bound is closed at once, before a
 * byte is read. Counted by the socket's peer address, so it is for a server that clients reach directly; behind a
 * proxy every connection comes from the proxy, and the proxy keeps the per-client bound (config.ts).
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) {
        open.set(address, left);
      } else {
        open.delete(address);
      }
    });
  });
}
