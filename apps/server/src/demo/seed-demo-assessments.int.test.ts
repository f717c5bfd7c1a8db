import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsOver, grantOverApi, listOver } from '../../test/assessment-api';
import { createSignedInAdmin, createSignedInClinician } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { seedDemoAssessments } from './seed-demo-assessments';

// The demo tests are stored as Create Test stores a test, so what the app does with them (the details page, "New
// test for this patient", the CSV) is what it does with a clinician's own.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('demo assessments', () => {
  it('store the country as its ISO code, so the details page and a re-test name it', async () => {
    const clinician = await createSignedInClinician(server, 'demo-seed');
    // The demo member's purchased tests come first (seed-demo-data.ts grants them).
    await grantOverApi(await createSignedInAdmin(server), clinician.id, 5);
    const { deps } = server.running.app;
    await seedDemoAssessments(server.database.db, {
      clinicianId: clinician.id,
      now: server.clock.now(),
      linkCodes: deps.linkCodes,
      catalogue: deps.catalogue,
    });
    const list = await listOver(clinician.client);
    expect(list.items.map((item) => item.patientId).sort()).toEqual(['DEMO-001', 'DEMO-002', 'DEMO-003']);
    for (const item of list.items) {
      expect(await detailsOver(clinician.client, item.id)).toMatchObject({
        countryCode: 'US',
        country: 'United States of America',
      });
    }
  });
});
