import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The benchmarks' floor routes (BENCH_FLOOR_ROUTE; bench/README.md): off by default, never in production, and when on
// they parse and validate exactly as the routes they stand for.

describe('benchmark floor routes', () => {
  let plain: TestServer;
  let bench: TestServer;

  beforeAll(async () => {
    plain = await startTestServer();
    bench = await startTestServer({ env: { BENCH_FLOOR_ROUTE: 'true' } });
  });
  afterAll(async () => {
    await plain?.close();
    await bench?.close();
  });

  it('are not there unless BENCH_FLOOR_ROUTE is set', async () => {
    const client = plain.client();
    expect((await client.put('/api/bench-floor/patient/abc/answers/3', { value: 2 })).status).toBe(404);
    expect((await client.get('/api/bench-floor/assessments')).status).toBe(404);
  });

  it('answer a save in the save response shape, refusing what the save refuses', async () => {
    const client = bench.client();
    const saved = await client.put('/api/bench-floor/patient/abc/answers/3', { value: 2 });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { answeredCount: number; answers: string };
    expect(body.answers).toHaveLength(220);
    expect(body.answers[2]).toBe('2');
    expect((await client.put('/api/bench-floor/patient/abc/answers/221', { value: 2 })).status).toBe(400);
    expect((await client.put('/api/bench-floor/patient/abc/answers/3', { value: 4 })).status).toBe(400);
  });

  it('answer a dashboard page of ten rows, validating the query as the dashboard does', async () => {
    const client = bench.client();
    const page = await client.get('/api/bench-floor/assessments?search=0012&sort=answered-asc&page=7');
    expect(page.status).toBe(200);
    const body = (await page.json()) as { items: unknown[]; page: number };
    expect(body.items).toHaveLength(10);
    expect(body.page).toBe(7);
    expect((await client.get('/api/bench-floor/assessments?sort=sideways')).status).toBe(400);
  });

  it('are refused in production', () => {
    expect(() =>
      parseConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), BENCH_FLOOR_ROUTE: 'true' }),
    ).toThrow(/BENCH_FLOOR_ROUTE: a benchmark aid/);
  });
});
