import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDiagnosisCatalogue } from '@pid5/contract';
import { createSignedInClinician } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { DIAGNOSIS_CATALOGUE_VERSION } from './diagnosis-catalogue';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/diagnoses', () => {
  it('serves the whole versioned catalogue, or the entries matching q in code or description', async () => {
    const { client } = await createSignedInClinician(server);
    const read = async (query = '') =>
      (await (await client.get(`/api/diagnoses${query}`)).json()) as TDiagnosisCatalogue;

    const all = await read();
    expect(all.version).toBe(DIAGNOSIS_CATALOGUE_VERSION);
    expect(all.items).toHaveLength(904);
    expect(new Set(all.items.map((d) => d.code)).size).toBe(904);

    expect((await read('?q=BORDERLINE%20personality')).items.map((d) => d.code)).toEqual(['F60.3']);
    expect((await read('?q=f60.3')).items.map((d) => d.code)).toEqual(['F60.3']);
    const combined = await read(`?q=${encodeURIComponent('[G30.9] F02.80')}`);
    expect(combined.items.map((d) => d.code)).toEqual(['[G30.9] F02.80']);
    expect((await read('?q=no%20such%20thing')).items).toEqual([]);
    expect((await server.client().get('/api/diagnoses')).status).toBe(401);
  });
});
