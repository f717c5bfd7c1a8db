import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { TCredits, TWixSyncResponse } from '@pid5/contract';
import { auditEvents, identities, testCredits } from '../../db/schema';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError, type TestClient } from '../../../test/test-client';
import { newMember, paidOrder, signInWithWix, startWixStack, WIX_TEST, type WixStack } from '../../../test/wix-stack';
import type { DoubleMember, DoubleOrder } from '../../../test/wix-contract-double';
import { searchTestOrders } from './wix-orders';

let stack: WixStack;
let admin: SignedInUser;

beforeAll(async () => {
  stack = await startWixStack();
  admin = await createSignedInAdmin(stack.server);
});
afterAll(async () => {
  await stack.close();
});

async function available(client: TestClient): Promise<number> {
  const response = await client.get('/api/credits');
  expect(response.status).toBe(200);
  return ((await response.json()) as TCredits).available;
}

async function signIn(member: DoubleMember) {
  const result = await signInWithWix(stack.server, member.id);
  expect(result.finalLocation).toBe('/login-local');
  const me = (await (await result.client.get('/api/me')).json()) as { id: string };
  return { client: result.client, userId: me.id };
}

async function syncAsAdmin(clinicianId?: string): Promise<TWixSyncResponse> {
  const response = await admin.client.post('/api/admin/credits/sync-wix', clinicianId ? { clinicianId } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as TWixSyncResponse;
}

async function wixRows(userId: string) {
  return stack.server.database.db
    .select()
    .from(testCredits)
    .where(and(eq(testCredits.clinicianId, userId), eq(testCredits.source, 'wix')));
}

describe('purchased tests from Wix orders', () => {
  it('grants each paid line of the test product at sign-in, and nothing else', async () => {
    const { wix } = stack;
    const member = newMember();
    const other = newMember();
    const mixed: DoubleOrder = {
      ...paidOrder(member, 1),
      lineItems: [
        { id: 'line-test', quantity: 4, catalogReference: { catalogItemId: WIX_TEST.productId } },
        { id: 'line-book', quantity: 7, catalogReference: { catalogItemId: 'some-book' } },
      ],
    };
    wix.control({
      members: [member, other],
      orders: [
        paidOrder(member, 2),
        mixed,
        paidOrder(member, 5, { paymentStatus: 'NOT_PAID' }),
        paidOrder(member, 6, { paymentStatus: 'PENDING' }),
        paidOrder(member, 8, { status: 'CANCELED' }),
        paidOrder(other, 9),
      ],
    });
    const { client, userId } = await signIn(member);
    expect(await available(client)).toBe(6);
    const rows = await wixRows(userId);
    expect(rows.map((r) => r.quantity).sort()).toEqual([2, 4]);
    expect(rows.find((r) => r.quantity === 4)?.externalRef).toBe(`${mixed.id}:line-test`);
    expect(rows.every((r) => r.note?.startsWith('Wix order #'))).toBe(true);

    const calls = wix.requests().filter((r) => r.path === '/ecom/v1/orders/search');
    const search = calls.at(-1)!;
    expect(search.authorization).toBe(WIX_TEST.apiKey);
    expect(search.siteId).toBe(WIX_TEST.siteId);
    expect(search.body).toEqual({
      search: {
        filter: {
          'lineItems.catalogReference.catalogItemId': { $hasSome: [WIX_TEST.productId] },
          'buyerInfo.contactId': { $eq: member.contactId },
        },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 100 },
      },
    });
  });

  it('is idempotent: signing in again and syncing twice give the same credits', async () => {
    const member = newMember();
    stack.wix.control({ members: [member], orders: [paidOrder(member, 3), paidOrder(member, 1)] });
    const first = await signIn(member);
    expect(await available(first.client)).toBe(4);
    await signIn(member);
    const once = await syncAsAdmin(first.userId);
    const twice = await syncAsAdmin(first.userId);
    expect(once.results[0]).toMatchObject({ ok: true, ordersSeen: 2, granted: 0, refunded: 0 });
    expect(twice.results[0]).toMatchObject({ ok: true, granted: 0, refunded: 0 });
    expect(await available(first.client)).toBe(4);
    expect(await wixRows(first.userId)).toHaveLength(2);
  });

  it('follows the cursor until metadata.cursors.next is empty', async () => {
    const member = newMember();
    const orders = [1, 1, 1, 1, 1].map(() => paidOrder(member, 1));
    stack.wix.control({ members: [member], orders, orderPageSize: 2 });
    try {
      const before = stack.wix.requests().length;
      const { client } = await signIn(member);
      expect(await available(client)).toBe(5);
      const searches = stack.wix
        .requests()
        .slice(before)
        .filter((r) => r.path === '/ecom/v1/orders/search');
      expect(searches).toHaveLength(3);
      expect(searches[1]!.body).toEqual({ search: { cursorPaging: { limit: 100, cursor: expect.any(String) } } });
    } finally {
      stack.wix.control({ orderPageSize: 100 });
    }
  });

  it('deducts a fully refunded order once (a negative :refund row), keeps partial refunds, reverses cancellations', async () => {
    const member = newMember();
    const refunded = paidOrder(member, 3);
    const partial = paidOrder(member, 2);
    const cancelled = paidOrder(member, 4);
    stack.wix.control({ members: [member], orders: [refunded, partial, cancelled, paidOrder(member, 1)] });
    const { client, userId } = await signIn(member);
    expect(await available(client)).toBe(10);

    stack.wix.control({
      orders: [
        { ...refunded, paymentStatus: 'FULLY_REFUNDED' },
        { ...partial, paymentStatus: 'PARTIALLY_REFUNDED' },
        { ...cancelled, status: 'CANCELED', paymentStatus: 'PAID' },
      ],
    });
    const sync = await syncAsAdmin(userId);
    expect(sync.results[0]).toMatchObject({ ok: true, granted: 0, refunded: 2, partiallyRefunded: [partial.number] });
    expect(await available(client)).toBe(3);
    const refunds = await stack.server.database.db
      .select()
      .from(testCredits)
      .where(and(eq(testCredits.clinicianId, userId), like(testCredits.externalRef, '%:refund')));
    expect(refunds.map((r) => [r.externalRef, r.quantity]).sort()).toEqual(
      [
        [`${refunded.id}:${refunded.lineItems[0]!.id}:refund`, -3],
        [`${cancelled.id}:${cancelled.lineItems[0]!.id}:refund`, -4],
      ].sort(),
    );
    const again = await syncAsAdmin(userId);
    expect(again.results[0]).toMatchObject({ granted: 0, refunded: 0 });
    expect(await available(client)).toBe(3);
  });

  it('records an order first seen already refunded as a purchase and its refund (nets to zero)', async () => {
    const member = newMember();
    const order = paidOrder(member, 2, { paymentStatus: 'FULLY_REFUNDED' });
    stack.wix.control({ members: [member], orders: [order] });
    const { client, userId } = await signIn(member);
    expect(await available(client)).toBe(0);
    expect((await wixRows(userId)).map((r) => r.quantity).sort()).toEqual([-2, 2]);
  });

  it('never blocks sign-in when the orders API is down or slow, and audits the failure', async () => {
    const member = newMember();
    stack.wix.control({ members: [member], orders: [paidOrder(member, 2)], faults: { ordersDown: true } });
    try {
      const { client, userId } = await signIn(member);
      expect((await client.get('/api/me')).status).toBe(200);
      expect(await available(client)).toBe(0);
      const [audit] = await stack.server.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actor, userId), eq(auditEvents.action, 'credits.sync')));
      expect(audit?.details).toMatchObject({
        source: 'wix',
        trigger: 'sign-in',
        error: expect.stringContaining('503'),
      });

      stack.wix.control({ faults: { ordersDown: false, ordersDelayMs: 5_000 } });
      const started = Date.now();
      const slow = await signIn(member);
      expect(Date.now() - started).toBeLessThan(4_500);
      expect((await slow.client.get('/api/me')).status).toBe(200);

      stack.wix.control({ faults: { ordersDelayMs: 0 } });
      const failed = await syncAsAdmin(userId);
      expect(failed.results[0]).toMatchObject({ ok: true, granted: 1 });
      expect(await available(client)).toBe(2);
    } finally {
      stack.wix.control({ faults: { ordersDown: false, ordersDelayMs: 0 } });
    }
  });

  it('reports a failed admin sync per clinician without failing the others', async () => {
    const member = newMember();
    stack.wix.control({ members: [member], orders: [paidOrder(member, 1)] });
    const { userId } = await signIn(member);
    stack.wix.control({ faults: { ordersDown: true } });
    try {
      const before = stack.wix.requests().length;
      const all = await syncAsAdmin();
      const mine = all.results.find((r) => r.clinicianId === userId);
      expect(mine).toMatchObject({ ok: false, error: 'The Wix site did not answer. Please try again in a minute.' });
      expect(all.results.length).toBeGreaterThan(1);
      // Once Wix is down, the others are not each left to wait for their own timeout.
      expect(
        stack.wix
          .requests()
          .slice(before)
          .filter((r) => r.path === '/ecom/v1/orders/search'),
      ).toHaveLength(1);
    } finally {
      stack.wix.control({ faults: { ordersDown: false } });
    }
    const all = await syncAsAdmin();
    expect(all.results.length).toBeGreaterThan(1);
    expect(all.results.every((r) => r.ok)).toBe(true);
    const [audit] = await stack.server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, admin.id), eq(auditEvents.action, 'credits.sync')))
      .limit(1);
    expect(audit?.details).toMatchObject({ source: 'wix', trigger: 'admin' });
  });

  it('lets only admins sync, and only clinicians linked to Wix', async () => {
    const clinician = await createSignedInClinician(stack.server);
    const forbidden = await clinician.client.post('/api/admin/credits/sync-wix', {});
    expect(forbidden.status).toBe(403);
    const anonymous = await stack.server.client().post('/api/admin/credits/sync-wix', {});
    expect(anonymous.status).toBe(401);
    const notLinked = await admin.client.post('/api/admin/credits/sync-wix', { clinicianId: clinician.id });
    expect(notLinked.status).toBe(400);
    expect((await readError(notLinked)).fields?.clinicianId).toBe('No Wix member is linked to this clinician');
  });

  it('sends the API key and site id, and is refused without them', async () => {
    const settings = {
      apiBase: stack.wix.url,
      apiKey: WIX_TEST.apiKey,
      siteId: WIX_TEST.siteId,
      testProductId: WIX_TEST.productId,
      timeoutSeconds: 2,
    };
    await expect(searchTestOrders(settings, { contactId: 'nobody' })).resolves.toEqual([]);
    await expect(searchTestOrders({ ...settings, apiKey: 'wrong' }, { contactId: 'nobody' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(searchTestOrders({ ...settings, siteId: 'other' }, { contactId: 'nobody' })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('without Wix order settings', () => {
  it('answers the sync with 404 and signs in without looking for orders', async () => {
    const plain = await startWixStack({ orders: false });
    try {
      const member = newMember();
      plain.wix.control({ members: [member] });
      const { finalLocation } = await signInWithWix(plain.server, member.id);
      expect(finalLocation).toBe('/login-local');
      expect(plain.wix.requests().some((r) => r.path.startsWith('/ecom/'))).toBe(false);
      const plainAdmin = await createSignedInAdmin(plain.server);
      const response = await plainAdmin.client.post('/api/admin/credits/sync-wix', {});
      expect(response.status).toBe(404);
      const linked = await plain.server.database.db.select().from(identities).where(eq(identities.provider, 'wix'));
      expect(linked).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});
