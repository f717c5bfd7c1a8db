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
import { pdfToText } from '../../../test/results-test-helpers';
import { eq } from 'drizzle-orm';
import { administeredFullItems, createDemoResponses, US_NORM_TABLES } from '@pid5/instrument';
import { assessments } from '../../db/schema';
import { scoreTest } from '../results/score-test';

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
    answerLabels: ['Not at all like me', 'Rather not like me', 'Rather like me', 'Exactly like me'],
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

  it("quotes the set's own answer labels in the validity sentences and the score report's legend", async () => {
    const clinician = await createSignedInClinician(server);
    const responses = '3'.repeat(220);
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses,
      finishedAt: server.clock.now(),
      scores: scoreTest({ form: 'FULL', responses, gender: 'Unspecified', age: 40 }, { normTables: US_NORM_TABLES }),
    });
    await server.database.db.update(assessments).set({ itemSetId: 'institute-en-2' }).where(eq(assessments.id, row.id));
    const results = (await (await clinician.client.get(`/api/assessments/${row.id}/results`)).json()) as {
      itemSet: { answerLabels: string[] };
      validity: { scales: { key: string; statement: string }[] };
    };
    expect(results.itemSet.answerLabels).toEqual([
      'Not at all like me',
      'Rather not like me',
      'Rather like me',
      'Exactly like me',
    ]);
    const pattern = results.validity.scales.find((scale) => scale.key === 'PATTERN')!;
    expect(pattern.statement).toContain('Exactly like me');
    expect(JSON.stringify(results)).not.toContain('Very True or Often True');
    const pdf = new Uint8Array(
      await (await clinician.client.get(`/api/assessments/${row.id}/score-report.pdf?tz=UTC`)).arrayBuffer(),
    );
    const text = (await pdfToText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('0 = Not at all like me; 1 = Rather not like me; 2 = Rather like me; 3 = Exactly like me');
  });

  it("quotes the set's own answer labels in the comparison and the patient's timeline too", async () => {
    const clinician = await createSignedInClinician(server);
    const demo = createDemoResponses({ seed: 3 });
    // Short-form tests of one patient: a valid one, then "Very False" to every statement (a caution quoting it).
    const protocols = [
      administeredFullItems('SF')
        .map((item) => demo[item - 1])
        .join(''),
      '0'.repeat(100),
    ];
    const ids: number[] = [];
    for (const [index, responses] of protocols.entries()) {
      const { row } = await insertAssessment(server, {
        clinicianId: clinician.id,
        patientId: 'LABELS-1',
        form: 'SF',
        consented: true,
        responses,
        finishedAt: new Date(server.clock.now().getTime() + index * 60_000),
        scores: scoreTest({ form: 'SF', responses, gender: 'Unspecified', age: 40 }, { normTables: US_NORM_TABLES }),
      });
      await server.database.db
        .update(assessments)
        .set({ itemSetId: 'institute-en-2' })
        .where(eq(assessments.id, row.id));
      ids.push(row.id);
    }
    const results = (await (await clinician.client.get(`/api/assessments/${ids[1]}/results`)).json()) as {
      validityVerdict: { summary: string };
    };
    expect(results.validityVerdict.summary).toContain('Not at all like me');
    const comparison = (await (
      await clinician.client.get(`/api/assessments/${ids[1]}/compare?with=${ids[0]}`)
    ).json()) as {
      second: { validity: { summary: string } };
    };
    expect(comparison.second.validity.summary).toBe(results.validityVerdict.summary);
    const timeline = (await (await clinician.client.get(`/api/assessments/${ids[1]}/patient`)).json()) as {
      administrations: { id: number; validity: { summary: string } | null }[];
    };
    expect(timeline.administrations.find((a) => a.id === ids[1])?.validity?.summary).toBe(
      results.validityVerdict.summary,
    );
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
