import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@pid5/server/testing';
import { addFloorRoutes } from './floor-routes';

// The benchmarks' floor routes: absent from the product, and where the bench adds them they parse, validate and pass
// through the same hooks as the routes they stand for.

describe('benchmark floor routes', () => {
  let plain: TestServer;
  let bench: TestServer;

  beforeAll(async () => {
    plain = await startTestServer();
    bench = await startTestServer({ extend: addFloorRoutes });
  });
  afterAll(async () => {
    await plain?.close();
    await bench?.close();
  });

  it('are not in the product', async () => {
    const client = plain.client();
    expect((await client.put('/api/bench-floor/patient/abc/answers/3', { value: 2 })).status).toBe(404);
    expect((await client.get('/api/bench-floor/assessments')).status).toBe(404);
  });

  it('answer a save in the save response shape, through the save’s hooks, refusing what the save refuses', async () => {
    const client = bench.client();
    const saved = await client.put('/api/bench-floor/patient/abc/answers/3', { value: 2 });
    expect(saved.status).toBe(200);
    // The link session cookie is set by the save's own onRequest hook: the twin carries the save's hooks.
    expect(saved.headers.get('set-cookie')).toMatch(/link_session=/);
    const body = (await saved.json()) as { answeredCount: number; answers: string };
    expect(body.answers).toHaveLength(220);
    expect(body.answers[2]).toBe('2');
    // The save's rate limit counts each twin request once, as it counts each save (a hook added twice counts two).
    const again = await client.put('/api/bench-floor/patient/abc/answers/4', { value: 1 });
    const remaining = (response: Response) => Number(response.headers.get('x-ratelimit-remaining'));
    expect(remaining(saved) - remaining(again)).toBe(1);
    expect((await client.put('/api/bench-floor/patient/abc/answers/221', { value: 2 })).status).toBe(400);
    expect((await client.put('/api/bench-floor/patient/abc/answers/3', { value: 4 })).status).toBe(400);
  });

  it('answer a dashboard page of ten rows without a session, validating the query as the dashboard does', async () => {
    const client = bench.client();
    const page = await client.get('/api/bench-floor/assessments?search=0012&sort=answered-asc&page=7');
    expect(page.status).toBe(200);
    const body = (await page.json()) as { items: unknown[]; page: number };
    expect(body.items).toHaveLength(10);
    expect(body.page).toBe(7);
    expect((await client.get('/api/bench-floor/assessments?sort=sideways')).status).toBe(400);
  });

  it('leave the product’s own routes as they are', async () => {
    expect((await bench.client().get('/api/assessments')).status).toBe(401);
    expect((await bench.client().put('/api/patient/abc/answers/3', { value: 2 })).status).toBe(404);
  });
});
