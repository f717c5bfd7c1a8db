import type { IncomingMessage } from 'node:http';

/** Helpers for the plain node:http servers (dev identity provider, Wix stand-in). Reads a request body as text, refusing one longer than `maxLength` characters. */
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
