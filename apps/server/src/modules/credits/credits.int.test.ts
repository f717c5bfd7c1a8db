import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema';
import type { TAdminUsers, TCreditLedgerPage, TGrantCreditsResponse } from '@pid5/contract';
import { availableOver, detailsOver, grantOverApi, validCreateBody } from '../../../test/assessment-api';
import { createSignedInAdmin, createSignedInClinician } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('admin grants of tests', () => {
  it('records who granted how many to whom and when, and the clinician sees the new balance', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    const response = await admin.client.post('/api/admin/credits', {
      clinicianId: clinician.id,
      quantity: 7,
      note: '  Invoice 2025-114  ',
    });
    expect(response.status).toBe(201);
    const granted = (await response.json()) as TGrantCreditsResponse;
    expect(granted.available).toBe(7);
    expect(granted.entry).toMatchObject({
      clinician: { id: clinician.id, username: clinician.username },
      source: 'admin',
      quantity: 7,
      note: 'Invoice 2025-114',
      createdBy: { id: admin.id, username: admin.username },
      createdAt: server.clock.now().toISOString(),
    });
    expect(await availableOver(clinician.client)).toBe(7);

    const ledger = (await (
      await admin.client.get(`/api/admin/credits?clinicianId=${clinician.id}`)
    ).json()) as TCreditLedgerPage;
    expect(ledger.total).toBe(1);
    expect(ledger.items[0]!.id).toBe(granted.entry.id);

    const users = (await (await admin.client.get('/api/admin/users')).json()) as TAdminUsers;
    expect(users.items.find((u) => u.id === clinician.id)).toMatchObject({
      username: clinician.username,
      role: 'user',
      purchased: 7,
      used: 0,
      available: 7,
      isDisabled: false,
    });
    expect(users.items.find((u) => u.id === admin.id)).toMatchObject({ role: 'admin' });
  });

  it('refuses bad grants with the field, and anyone but an admin', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ clinicianId: clinician.id, quantity: 0 }, 'quantity'],
      [{ clinicianId: clinician.id, quantity: -3 }, 'quantity'],
      [{ clinicianId: clinician.id, quantity: 1.5 }, 'quantity'],
      [{ clinicianId: clinician.id, quantity: 1001 }, 'quantity'],
      [{ clinicianId: clinician.id }, 'quantity'],
      [{ clinicianId: '', quantity: 1 }, 'clinicianId'],
      [{ clinicianId: 'no-such-user', quantity: 1 }, 'clinicianId'],
      [{ clinicianId: clinician.id, quantity: 1, note: 'n'.repeat(201) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.post('/api/admin/credits', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await readError(response)).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await availableOver(clinician.client)).toBe(0);

    const self = await clinician.client.post('/api/admin/credits', { clinicianId: clinician.id, quantity: 5 });
    expect(self.status).toBe(403);
    expect((await clinician.client.get('/api/admin/users')).status).toBe(403);
    expect((await clinician.client.get('/api/admin/credits')).status).toBe(403);
    expect((await server.client().post('/api/admin/credits', { clinicianId: clinician.id, quantity: 5 })).status).toBe(
      401,
    );
    expect(await availableOver(clinician.client)).toBe(0);
  });

  it('lets an admin grant in either view', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    await admin.client.put('/api/me/view-mode', { viewMode: 'clinician' });
    const response = await admin.client.post('/api/admin/credits', { clinicianId: clinician.id, quantity: 2 });
    expect(response.status).toBe(201);
    expect(await availableOver(clinician.client)).toBe(2);
  });
});

describe('an unused test that expires (DESIGN.md "Assessment lifecycle")', () => {
  it('keeps its purchased test consumed: the balance and the ledger do not change, and the test can be extended', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server, 'expiring');
    await grantOverApi(admin, clinician.id, 1);
    const created = await clinician.client.post(
      '/api/assessments',
      await validCreateBody(server, { patientId: 'EXPIRES-UNUSED' }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(await availableOver(clinician.client)).toBe(0);

    // Thirty-one days on (the sessions' own clock would end the sign-in, so the test is moved back instead).
    const day = 24 * 3_600_000;
    await server.database.db
      .update(assessments)
      .set({
        createdAt: new Date(server.clock.now().getTime() - 31 * day),
        dueAt: new Date(server.clock.now().getTime() - day),
      })
      .where(eq(assessments.id, id));
    const details = await detailsOver(clinician.client, id);
    expect(details.isExpired).toBe(true);
    expect(await availableOver(clinician.client)).toBe(0);
    const credits = (await (await clinician.client.get('/api/credits')).json()) as {
      purchased: number;
      used: number;
      ledger: unknown[];
    };
    expect(credits).toMatchObject({ purchased: 1, used: 1 });
    expect(credits.ledger).toHaveLength(1);
    // What the details page offers instead of a refund.
    expect((await clinician.client.post(`/api/assessments/${id}/extend`)).status).toBe(200);
    expect(await availableOver(clinician.client)).toBe(0);
  });
});
