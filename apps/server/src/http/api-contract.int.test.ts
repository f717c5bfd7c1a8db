import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, API_SCHEMAS, DOWNLOAD_ROUTES, downloadPath, type ApiRouteName } from '@pid5/contract';
import { startTestServer, type TestServer } from '../../test/test-server';

// The web app calls the API through the contract's route table (packages/contract/src/api-routes.ts) with the types
// of the contract's schemas (api-schemas.ts). This holds the server to the same table: each route is registered
// with that method and path and with those very schema objects, so the server's handlers are typed, and its
// replies checked, by the schemas the web app's types come from. A renamed field then fails type-checking on both
// sides, and a path or schema that drifts from the table fails here.

describe('API contract', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(Object.keys(API_ROUTES) as ApiRouteName[])(
    "%s is registered with the contract's method, path and schemas",
    (name) => {
      const { method, path } = API_ROUTES[name];
      const schemas: { response: unknown; body?: unknown; query?: unknown } = API_SCHEMAS[name];
      const route = server.running.app.routeTable.find((entry) => entry.method === method && entry.url === path);
      expect(route, `${method} ${path} is not registered`).toBeDefined();

      const successResponses = Object.entries((route?.schema?.response ?? {}) as Record<string, unknown>).filter(
        ([status]) => status.startsWith('2'),
      );
      expect(successResponses, 'one success response').toHaveLength(1);
      expect(successResponses[0]?.[1], 'the success response schema').toBe(schemas.response);
      expect(route?.schema?.body, 'the body schema').toBe(schemas.body);
      expect(route?.schema?.querystring, 'the query schema').toBe(schemas.query);
    },
  );

  it.each(Object.values(DOWNLOAD_ROUTES))('the download route $path is registered', ({ method, path }) => {
    const route = server.running.app.routeTable.find((entry) => entry.method === method && entry.url === path);
    expect(route, `${method} ${path} is not registered`).toBeDefined();
  });

  it('fills in download paths', () => {
    expect(downloadPath('getScoreReportPdf', { id: 7 }, { tz: 'Europe/Berlin' })).toBe(
      '/api/assessments/7/score-report.pdf?tz=Europe%2FBerlin',
    );
    expect(downloadPath('exportCsv')).toBe('/api/assessments/export.csv');
  });
});
