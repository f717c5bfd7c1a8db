import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The patient links are served by their own small entry (patient.html), everything else by the staff app.
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>staff</title>');
writeFileSync(join(dist, 'patient.html'), '<!doctype html><title>patient</title>');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await server.close();
});

const page = (path: string) => server.client().get(path, { headers: { accept: 'text/html' } });

describe('patient pages', () => {
  it('serves patient.html for /test/{code} and /consent/{code}', async () => {
    for (const path of ['/test/AAAAAAAAAAAAAAAAAAAAAA', '/consent/AAAAAAAAAAAAAAAAAAAAAA', '/test/anything?x=1']) {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>patient</title>');
    }
  });

  it('serves the staff app for other pages, including the old /#/test/ links (the hash never reaches us)', async () => {
    for (const path of ['/', '/dashboard', '/testing/x', '/details/1']) {
      expect(await (await page(path)).text()).toContain('<title>staff</title>');
    }
  });
});
