import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { startServer } from '../../server';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician } from '../../../test/factories';
import { getFreePort } from '../../../test/free-port';
import { startTestServer, type TestServer } from '../../../test/test-server';

const dir = mkdtempSync(join(tmpdir(), 'item-set-int-'));
const file = join(dir, 'institute.json');
writeFileSync(
  file,
  JSON.stringify({
    id: 'institute-en-2',
    title: 'Institute licensed items',
    language: 'en-GB',
    source: 'Licensed',
    licenceNote: 'Institute use only',
    items: Array.from({ length: 220 }, (_, i) => ({ number: i + 1, text: `Licensed statement ${i + 1}` })),
  }),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ITEM_SET_FILE: file } });
});
afterAll(async () => {
  await server.close();
});

describe('ITEM_SET_FILE', () => {
  it("shows patients the institute's item set and records it with the scores", async () => {
    const clinician = await createSignedInClinician(server);
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    const body = (await (await server.client().get(`/api/patient/${code}`)).json()) as {
      itemSet: { id: string; title: string; language: string; items: { text: string }[] };
    };
    expect(body.itemSet).toMatchObject({ id: 'institute-en-2', title: 'Institute licensed items', language: 'en-GB' });
    expect(body.itemSet.items[41]?.text).toBe('Licensed statement 42');
  });

  it('refuses to start with a malformed file, naming the problem', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ id: 'x', title: 'x', language: 'en', source: 'x', licenceNote: 'x', items: [] }),
    );
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: String(await getFreePort()),
      DEV_OIDC_PORT: '0',
      DEMO_DATA: 'false',
      ITEM_SET_FILE: bad,
    });
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    try {
      await expect(startServer(config, { database, logger: false })).rejects.toThrow(
        /ITEM_SET_FILE .*bad\.json: Invalid item set: expected 220 items, got 0/,
      );
    } finally {
      await database.close();
    }
  });
});
