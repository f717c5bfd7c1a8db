import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentDetails, TAuditPage } from '@pid5/contract';
import { grantOverApi, validCreateBody } from '../../../test/assessment-api';
import { createSignedInAdmin, createSignedInClinician } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the audit log', () => {
  it('records grants, creates, views and exports, filterable by action, actor and assessment', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    await grantOverApi(admin, clinician.id, 2);
    const created = (await (
      await clinician.client.post('/api/assessments', await validCreateBody(server, { patientId: 'AUD-1' }))
    ).json()) as { id: number };
    const viewed = (await (await clinician.client.get(`/api/assessments/${created.id}`)).json()) as TAssessmentDetails;
    expect(viewed.patientId).toBe('AUD-1');
    await (await clinician.client.get('/api/assessments/export.csv')).text();

    const read = async (query: string) => {
      const response = await admin.client.get(`/api/admin/audit${query}`);
      expect(response.status, query).toBe(200);
      return (await response.json()) as TAuditPage;
    };

    const mine = await read(`?actor=${clinician.id}`);
    // The login's time comes from the database, the rest from the test server's manual clock: compare those.
    const actions = mine.items.map((e) => e.action);
    expect(actions).toContain('login');
    expect(actions.filter((a) => a !== 'login')).toEqual(['assessment.export', 'assessment.view', 'assessment.create']);
    expect(mine.items.find((e) => e.action === 'assessment.export')).toMatchObject({
      actor: clinician.id,
      actorName: clinician.username,
      ip: expect.any(String),
    });

    const forTest = await read(`?assessmentId=${created.id}`);
    expect(forTest.items.map((e) => e.action).sort()).toEqual(['assessment.create', 'assessment.view']);
    expect(forTest.items.every((e) => e.assessmentId === created.id)).toBe(true);

    const grants = await read(`?action=credits.grant&actor=${admin.id}`);
    expect(grants.total).toBe(1);
    expect(grants.items[0]!.details).toMatchObject({ clinicianId: clinician.id, quantity: 2 });

    const exports = await read('?action=assessment.export');
    expect(exports.items.some((e) => e.actor === clinician.id)).toBe(true);

    expect((await admin.client.get('/api/admin/audit?action=bogus')).status).toBe(400);
    expect((await admin.client.get('/api/admin/audit?assessmentId=abc')).status).toBe(400);
    expect((await clinician.client.get('/api/admin/audit')).status).toBe(403);
  });

  it('pages 50 events at a time, newest first', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    await grantOverApi(admin, clinician.id, 1);
    const created = (await (
      await clinician.client.post('/api/assessments', await validCreateBody(server, { patientId: 'AUD-2' }))
    ).json()) as { id: number };
    for (let i = 0; i < 54; i++) {
      server.clock.advance(1000);
      await clinician.client.get(`/api/assessments/${created.id}`);
    }
    const first = (await (await admin.client.get(`/api/admin/audit?assessmentId=${created.id}`)).json()) as TAuditPage;
    expect(first).toMatchObject({ total: 55, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(50);
    const times = first.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = (await (
      await admin.client.get(`/api/admin/audit?assessmentId=${created.id}&page=2`)
    ).json()) as TAuditPage;
    expect(second.items.map((e) => e.action).at(-1)).toBe('assessment.create');
  });
});

describe('the audit log by patient ID', () => {
  it("lists the events of every test with that patient ID, any clinician's, ignoring case; nothing for an unknown one", async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    const b = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 2);
    await grantOverApi(admin, b.id, 1);
    const create = async (client: typeof a.client, patientId: string) =>
      (
        (await (await client.post('/api/assessments', await validCreateBody(server, { patientId }))).json()) as {
          id: number;
        }
      ).id;
    const first = await create(a.client, 'PID-Audit-77');
    const second = await create(b.client, 'pid-audit-77');
    const other = await create(a.client, 'PID-Audit-770');
    await a.client.get(`/api/assessments/${first}`);

    const read = async (query: string) =>
      (await (await admin.client.get(`/api/admin/audit${query}`)).json()) as TAuditPage;
    const byPatient = await read(`?patientId=${encodeURIComponent(' PID-AUDIT-77 ')}`);
    expect(byPatient.items.map((e) => `${e.action}:${e.assessmentId}`).sort()).toEqual(
      [`assessment.create:${first}`, `assessment.create:${second}`, `assessment.view:${first}`].sort(),
    );
    expect(byPatient.items.some((e) => e.assessmentId === other)).toBe(false);
    expect((await read(`?patientId=PID-Audit-77&action=assessment.view`)).total).toBe(1);
    expect((await read('?patientId=nobody-has-this')).total).toBe(0);
    expect((await admin.client.get(`/api/admin/audit?patientId=${'x'.repeat(65)}`)).status).toBe(400);
  });
});
