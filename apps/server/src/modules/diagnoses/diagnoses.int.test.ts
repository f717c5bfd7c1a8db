import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDiagnosisCatalogue } from '@pid5/contract';
import { createSignedInClinician } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { codeOrderKey, DIAGNOSIS_CATALOGUE_VERSION } from './diagnosis-catalogue';

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
    // In code order (the tabular list's), a "code first" pair by its own code.
    const codes = all.items.map((d) => d.code);
    expect(codes.slice(0, 5)).toEqual(['A81.9', 'B20', 'E66.9', 'F01.50', 'F01.511']);
    const keys = codes.map(codeOrderKey);
    expect(keys).toEqual([...keys].sort());
    expect(codes.indexOf('[G30.9] F02.80')).toBeLessThan(codes.indexOf('[A81.9] F02.811'));
    expect(codes.indexOf('F06.4')).toBeGreaterThan(codes.indexOf('F01.50'));
    expect((await read('?q=phobia')).items.map((d) => d.code)).toEqual(
      codes.filter((code) =>
        (all.items.find((d) => d.code === code)?.description ?? '').toLowerCase().includes('phobia'),
      ),
    );

    expect((await read('?q=BORDERLINE%20personality')).items.map((d) => d.code)).toEqual(['F60.3']);
    expect((await read('?q=f60.3')).items.map((d) => d.code)).toEqual(['F60.3']);
    const combined = await read(`?q=${encodeURIComponent('[G30.9] F02.80')}`);
    expect(combined.items.map((d) => d.code)).toEqual(['[G30.9] F02.80']);
    expect((await read('?q=no%20such%20thing')).items).toEqual([]);
    expect((await server.client().get('/api/diagnoses')).status).toBe(401);
  });
});
