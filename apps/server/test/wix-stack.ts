import {
  startWixContractDouble,
  type DoubleMember,
  type DoubleOptions,
  type DoubleOrder,
  type WixContractDouble,
} from './wix-contract-double';
import type { TestClient } from './test-client';
import { startTestServer, type TestServer } from './test-server';

export const WIX_TEST = {
  clientId: 'wix-test-client',
  apiKey: 'IST.test-api-key',
  siteId: 'site-0000-test',
  productId: 'product-pid5-test',
} as const;

export interface WixStack {
  server: TestServer;
  wix: WixContractDouble;
  close(): Promise<void>;
}

/** The app configured only through the WIX_* variables, against the contract double on a free port. */
export async function startWixStack(
  options: { env?: Record<string, string>; double?: Partial<DoubleOptions>; orders?: boolean } = {},
): Promise<WixStack> {
  const wix = await startWixContractDouble({
    clientId: WIX_TEST.clientId,
    apiKey: WIX_TEST.apiKey,
    siteId: WIX_TEST.siteId,
    ...options.double,
  });
  const server = await startTestServer({
    env: {
      WIX_CLIENT_ID: WIX_TEST.clientId,
      WIX_API_BASE: wix.url,
      ...(options.orders === false
        ? {}
        : { WIX_API_KEY: WIX_TEST.apiKey, WIX_SITE_ID: WIX_TEST.siteId, WIX_TEST_PRODUCT_ID: WIX_TEST.productId }),
      PROVIDER_TIMEOUT_SECONDS: '1',
      ...options.env,
    },
  });
  wix.control({ redirectUris: [`${server.url}/auth/callback`] });
  return {
    server,
    wix,
    close: async () => {
      await server.close();
      await wix.close();
    },
  };
}

let counter = 0;
/** A member with a fresh contactId (each test makes its own; no shared state). */
export function newMember(overrides: Partial<DoubleMember> = {}): DoubleMember {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    id: `member-${n}`,
    contactId: `contact-${n}`,
    loginEmail: `member-${n}@example.org`,
    nickname: `Dr. Member ${n}`,
    ...overrides,
  };
}

/** A paid order of `quantity` tests (the test product) for a member. */
export function paidOrder(member: DoubleMember, quantity: number, overrides: Partial<DoubleOrder> = {}): DoubleOrder {
  counter += 1;
  const id = `order-${Date.now().toString(36)}-${counter}`;
  return {
    id,
    number: String(10_000 + counter),
    createdDate: new Date(Date.now() + counter).toISOString(),
    status: 'APPROVED',
    paymentStatus: 'PAID',
    buyerInfo: { contactId: member.contactId ?? undefined, memberId: member.id, email: member.loginEmail },
    lineItems: [
      {
        id: `line-${counter}`,
        quantity,
        productName: { original: 'PID-5 assessment' },
        catalogReference: { catalogItemId: WIX_TEST.productId, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
      },
    ],
    ...overrides,
  };
}

export interface WixSignIn {
  client: TestClient;
  /** Every hop after the hosted login page, ending where the app sent the browser. */
  hops: Response[];
  callback: Response | undefined;
  /** Where our callback sent the browser (`/login-local`, `/login?error=…`, or Wix's logout page). */
  finalLocation: string | null;
}

/** Signs in as a browser would: Login → Wix's hosted page → pick the member → our callback. */
export async function signInWithWix(
  server: TestServer,
  memberId: string | null,
  client: TestClient = server.client(),
): Promise<WixSignIn> {
  const toWix = await client.follow('/auth/login');
  const page = toWix.at(-1);
  if (!page || page.status !== 200) {
    throw new Error(`expected the hosted Wix login page, got ${page?.status} ${page?.headers.get('location')}`);
  }
  const html = await page.text();
  if (!html.includes('Wix site login')) {
    throw new Error('not the hosted Wix login page');
  }
  const hops = await client.follow(page.url, {
    method: 'POST',
    body: new URLSearchParams(memberId ? { member: memberId } : { cancel: '1' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const callback = hops.find((hop) => new URL(hop.url).pathname === '/auth/callback');
  return { client, hops, callback, finalLocation: callback?.headers.get('location') ?? null };
}
