import { startWixContractDouble, type DoubleMember, type DoubleOrder } from '../test/wix-contract-double';

/**
 * `npm run dev:wix`: the app signing in through the Wix contract double instead of a real Wix
 * site, with demo members and orders, to see the whole Wix flow (login, purchased tests, refunds,
 * refusal without a contact id, logout) on one machine. Never for production: the double accepts
 * anyone who clicks a name.
 */
const appPort = Number(process.env.PORT ?? 3000);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${appPort}`;
const doublePort = Number(process.env.WIX_DOUBLE_PORT ?? 3002);
const demo = { clientId: 'wix-demo-client', apiKey: 'IST.wix-demo-api-key', siteId: 'wix-demo-site' };
const productId = 'pid5-assessment-demo';

const members: DoubleMember[] = [
  { id: 'm-wanda', contactId: 'c-wanda', loginEmail: 'wanda@wix-demo.example', nickname: 'Dr. Wanda Wix' },
  { id: 'm-adam', contactId: 'c-adam', loginEmail: 'adam@wix-demo.example', nickname: 'Dr. Adam Admin' },
  { id: 'm-nocontact', contactId: null, loginEmail: 'nobody@wix-demo.example', nickname: 'Member without contact' },
];

const order = (id: string, quantity: number, paymentStatus: string): DoubleOrder => ({
  id,
  number: id.replace(/\D/g, ''),
  createdDate: new Date().toISOString(),
  status: 'APPROVED',
  paymentStatus,
  buyerInfo: { contactId: 'c-wanda', memberId: 'm-wanda' },
  lineItems: [{ id: `${id}-line`, quantity, catalogReference: { catalogItemId: productId } }],
});

const wix = await startWixContractDouble({
  port: doublePort,
  clientId: demo.clientId,
  apiKey: demo.apiKey,
  siteId: demo.siteId,
  redirectUris: [`${publicUrl}/auth/callback`],
  members,
  orders: [
    order('order-1001', 5, 'PAID'),
    order('order-1002', 2, 'FULLY_REFUNDED'),
    order('order-1003', 3, 'NOT_PAID'),
  ],
});

Object.assign(process.env, {
  WIX_CLIENT_ID: demo.clientId,
  WIX_API_BASE: wix.url,
  WIX_API_KEY: demo.apiKey,
  WIX_SITE_ID: demo.siteId,
  WIX_TEST_PRODUCT_ID: productId,
  ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'adam@wix-demo.example',
  DATA_DIR: process.env.DATA_DIR ?? './data/wix-demo',
  PUBLIC_URL: publicUrl,
});
console.log(`Wix contract double (demo members and orders) at ${wix.url}; seed more with POST ${wix.url}/__control`);
await import('../src/main');
