import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../lib/redact';
import { startTestServer } from '../../test/test-server';

// ARCHITECTURE.md's "Where each route is" lists every route the server registers and the file that declares it, so a
// reader finds any behaviour from a route in two hops (table → routes file → service). This keeps the table true.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function tableRows(): { method: string; path: string; access: string; file: string }[] {
  const text = readFileSync(`${REPO_ROOT}ARCHITECTURE.md`, 'utf8');
  const section = text.slice(text.indexOf('## Where each route is'));
  return [...section.matchAll(/^\| (GET|POST|PUT|DELETE|PATCH) \| `([^`]+)` \| ([a-z-]+) \| `([^`]+)` \|$/gm)].map(
    (m) => ({ method: m[1]!, path: m[2]!, access: m[3]!, file: m[4]! }),
  );
}

describe("ARCHITECTURE.md's route table", () => {
  it('lists every route the server registers, with its access and the file that declares it', async () => {
    const registered: { method: string; path: string; access: string }[] = [];
    // With every optional route on (METRICS_TOKEN adds /metrics).
    const server = await startTestServer({
      env: { METRICS_TOKEN: 'route-map-metrics-token-0123456789abcdef' },
      extend: (app) =>
        app.addHook('onRoute', (route) => {
          for (const method of ([] as string[]).concat(route.method)) {
            if (method !== 'HEAD') {
              const access = (route.config as { access?: string } | undefined)?.access ?? '';
              registered.push({ method, path: route.url ?? '', access });
            }
          }
        }),
    });
    await server.close();

    const rows = tableRows();
    const key = (r: { method: string; path: string; access: string }) => `${r.method} ${r.path} ${r.access}`;
    expect(rows.map(key).sort()).toEqual(registered.map(key).sort());
    // The log shows these routes' static words as they are (lib/redact.ts): each is in its list.
    for (const row of rows) {
      for (const segment of row.path.split('/').filter((part) => part && !part.startsWith(':'))) {
        expect(redactUrl(`/${segment}`), `${row.path}: ${segment}`).toBe(`/${segment}`);
      }
    }
    for (const row of rows) {
      expect(readFileSync(`${REPO_ROOT}${row.file}`, 'utf8'), `${row.method} ${row.path} in ${row.file}`).toContain(
        `'${row.path}'`,
      );
    }
  });
});
