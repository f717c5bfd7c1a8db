import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Helpers for the plain node:http servers: the development identity provider and the Wix stand-in.

/** A new server listening on `host:port` (0: any free port), with the port it got. */
export async function listenPlainServer(port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/** Closes the server and every connection it holds (keep-alive ones included), resolving once it is closed. */
export function closePlainServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Answers with a short plain-text message. */
export function sendPlainText(res: ServerResponse, status: number, text: string): void {
  if (!res.headersSent) {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  }
  res.end(text);
}

/** Reads a request body as text, refusing one longer than `maxLength` characters. */
export function readBody(req: IncomingMessage, maxLength: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
      if (data.length > maxLength) {
        reject(new Error('body too large'));
        req.destroy();
      }
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** Escapes text for the small server-rendered HTML pages (the development sign-in and the Wix stand-in). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
