import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAnswerHistory } from '@pid5/contract';
import { assessments, auditEvents } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import type { TestClient } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Answer saves are attributed: every change of an answer is recorded in the save's own
// statement with the item, the answer before and after, when, and who (the link's browser session, or the signed-in
// user who opened the link), and the admin's data view shows it. Runs on PGlite and on PostgreSQL (TEST_DB).

let server: TestServer;
let admin: SignedInUser;
let owner: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInAdmin(server);
  owner = await createSignedInClinician(server, 'owner');
});

afterAll(async () => {
  await server?.close();
});

async function openTest() {
  return insertAssessment(server, { clinicianId: owner.id, consented: true });
}

async function save(client: TestClient, code: string, item: number, value: number) {
  const response = await client.put(`/api/patient/${code}/answers/${item}`, { value });
  expect(response.status, `item ${item} = ${value}`).toBe(200);
}

async function historyOf(id: number, user: SignedInUser = admin): Promise<TAnswerHistory> {
  const response = await user.client.get(`/api/assessments/${id}/answer-history`);
  expect(response.status).toBe(200);
  return (await response.json()) as TAnswerHistory;
}

async function storedAnswers(id: number): Promise<string> {
  const [row] = await server.database.db
    .select({ responses: assessments.responses })
    .from(assessments)
    .where(eq(assessments.id, id));
  return row?.responses ?? '';
}

describe('the answer history', () => {
  it('records each change with the item, the answers before and after, when, and which browser or user', async () => {
    const { row, code } = await openTest();
    const phone = server.client();
    const laptop = server.client();
    const start = server.clock.now().getTime();
    const at = (seconds: number) => new Date(start + seconds * 1000);

    expect((await phone.get(`/api/patient/${code}`)).status).toBe(200);
    server.clock.set(at(1));
    await save(phone, code, 1, 2);
    server.clock.set(at(2));
    await save(phone, code, 1, 2); // the same value again (a retry): nothing to record
    server.clock.set(at(3));
    await save(phone, code, 1, 3);
    server.clock.set(at(4));
    const batch = await laptop.post(`/api/patient/${code}/answers`, {
      answers: [
        { item: 1, value: 3 },
        { item: 2, value: 0 },
      ],
    });
    expect(batch.status).toBe(200);
    // The clinician opens the link in their own signed-in browser and answers for the patient.
    server.clock.set(at(5));
    await save(owner.client, code, 3, 1);

    const history = await historyOf(row.id);
    expect(history).toEqual({
      total: 4,
      items: [
        {
          item: 3,
          from: null,
          to: 1,
          at: at(5).toISOString(),
          user: { id: owner.id, username: owner.username },
          browser: 3,
        },
        { item: 2, from: null, to: 0, at: at(4).toISOString(), user: null, browser: 2 },
        { item: 1, from: 2, to: 3, at: at(3).toISOString(), user: null, browser: 1 },
        { item: 1, from: null, to: 2, at: at(1).toISOString(), user: null, browser: 1 },
      ],
    });
    expect((await storedAnswers(row.id)).slice(0, 4)).toBe('3019');
  });

  it('takes a link session only from a cookie this server issued, never one the browser chose', async () => {
    const { row, code } = await openTest();
    const phone = server.client();
    expect((await phone.get(`/api/patient/${code}`)).status).toBe(200);
    const issued = phone.cookie('link_session');
    expect(issued).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);

    // Another browser copies the id but not its tag, or makes one up in the old shape: neither is adopted.
    const impostor = server.client();
    impostor.setCookie('link_session', issued!.split('.')[0]!);
    await save(impostor, code, 1, 2);
    expect(impostor.cookie('link_session')).not.toBe(issued!.split('.')[0]);
    const forger = server.client();
    forger.setCookie('link_session', `${issued!.split('.')[0]}.${'A'.repeat(22)}`);
    await save(forger, code, 2, 2);
    await save(phone, code, 3, 2);

    const browsers = (await historyOf(row.id)).items.map((change) => [change.item, change.browser]);
    // Three browsers, told apart: the phone's own cookie is its own; the copies got ids of their own.
    expect(new Set(browsers.map(([, browser]) => browser)).size).toBe(3);
  });

  it('loses no answer and no change when two browsers save every item at the same time', async () => {
    const { row, code } = await openTest();
    const phone = server.client();
    const laptop = server.client();
    // Both browsers answer all 220 items, with different values, several requests in flight each.
    const answerAll = async (client: TestClient, value: number, items: number[]) => {
      for (let i = 0; i < items.length; i += 10) {
        await Promise.all(items.slice(i, i + 10).map((item) => save(client, code, item, value)));
      }
    };
    const items = Array.from({ length: 220 }, (_, i) => i + 1);
    await Promise.all([answerAll(phone, 1, items), answerAll(laptop, 2, [...items].reverse())]);

    const answers = await storedAnswers(row.id);
    expect(answers).toMatch(/^[12]{220}$/);
    const history = await historyOf(row.id);
    // Each item changed twice (unanswered → one browser's value → the other's), and each change starts from the
    // answer the one before left: no save read a stale answer.
    expect(history.total).toBe(440);
    const oldestFirst = [...history.items].reverse();
    for (const item of items) {
      const changes = oldestFirst.filter((change) => change.item === item);
      expect(
        changes.map((c) => c.from),
        `item ${item}`,
      ).toEqual([null, changes[0]?.to]);
      expect(changes[1]?.to, `item ${item}`).toBe(Number(answers[item - 1]));
      expect(new Set(changes.map((c) => c.browser)).size, `item ${item}`).toBe(2);
    }
  });

  it('is shown to admins only, for the tests their view shows, and reading it is audited', async () => {
    const { row, code } = await openTest();
    await save(server.client(), code, 7, 1);
    const other = await createSignedInClinician(server, 'other');

    // The raw answers are for the admin's data view: clinicians get 403, the owner included.
    for (const clinician of [owner, other]) {
      const response = await clinician.client.get(`/api/assessments/${row.id}/answer-history`);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('"item"');
    }
    expect((await server.client().get(`/api/assessments/${row.id}/answer-history`)).status).toBe(401);

    // An admin in the clinician view sees only their own tests: another's answers 404, like a missing one.
    const adminInClinicianView = await createSignedInAdmin(server);
    expect((await adminInClinicianView.client.put('/api/me/view-mode', { viewMode: 'clinician' })).status).toBe(200);
    expect((await adminInClinicianView.client.get(`/api/assessments/${row.id}/answer-history`)).status).toBe(404);

    expect((await historyOf(row.id)).items).toMatchObject([{ item: 7, from: null, to: 1 }]);
    const audited = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, admin.id), eq(auditEvents.action, 'assessment.history')));
    expect(audited.map((event) => event.assessmentId)).toContain(row.id);
  });
});
