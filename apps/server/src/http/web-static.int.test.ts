import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';

// The build writes .gz/.br copies of its assets (apps/web/scripts/precompress.mjs); the server sends them to
// browsers that accept them and the plain file to the others.
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>staff</title>');
writeFileSync(join(dist, 'patient.html'), '<!doctype html><title>patient</title>');
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'assets', 'plain-abc123.js'), script);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

// fetch() decompresses by itself; node:http would too with some agents. Read the raw bytes with node's http.
async function getRaw(path: string, acceptEncoding: string | null, accept = '*/*') {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        `${server.url}${path}`,
        { headers: { accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('pre-compressed assets', () => {
  it('never caches the page itself', async () => {
    for (const path of ['/dashboard', '/index.html']) {
      const page = await getRaw(path, 'gzip', 'text/html');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the gzip copy to a browser that accepts gzip', async () => {
    const response = await getRaw('/assets/app-abc123.js', 'gzip, deflate');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.body).toString()).toBe(script);
    expect(response.body.byteLength).toBeLessThan(script.length / 4);
  });

  it('sends the plain file without Accept-Encoding, or when no compressed copy exists', async () => {
    const plain = await getRaw('/assets/app-abc123.js', null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const noCopy = await getRaw('/assets/plain-abc123.js', 'br, gzip');
    expect(noCopy.status).toBe(200);
    expect(noCopy.headers['content-encoding']).toBeUndefined();
    expect(noCopy.body.toString()).toBe(script);
  });
});

describe('page routes whatever the request accepts', () => {
  it('serves the app for / and the page routes to curl and to browsers alike', async () => {
    for (const accept of ['*/*', '', 'text/html', 'application/json']) {
      for (const path of ['/', '/dashboard', '/details/7?x=1', '/test/AAAAAAAAAAAAAAAAAAAAAA']) {
        const page = await getRaw(path, null, accept);
        expect(page.status, `${path} with Accept ${accept}`).toBe(200);
        expect(String(page.headers['content-type'])).toContain('text/html');
      }
    }
  });

  it('still answers 404 for a missing file and for unknown API paths', async () => {
    expect((await getRaw('/assets/missing-abc.js', null)).status).toBe(404);
    const api = await getRaw('/api/no-such-thing', null);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString()).error.code).toBe('ROUTE_NOT_FOUND');
    expect((await getRaw('/auth/no-such-thing', null, 'text/html')).status).toBe(404);
  });
});
