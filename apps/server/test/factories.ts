import { randomBytes } from 'node:crypto';
import { hashPassword } from '../src/identity/passwords';
import { createLocalUser, setUserRole } from '../src/modules/users/users.repo';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';

export interface SignedInUser {
  client: TestClient;
  id: string;
  username: string;
}

const hashes = new Map<string, Promise<string>>();
/** argon2id of `password`, computed once per process (hashing is deliberately slow). */
export function passwordHashFor(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A new clinician with a local account, signed in (each test makes its own users: no shared state). */
export async function createSignedInClinician(server: TestServer, prefix = 'clinician'): Promise<SignedInUser> {
  const username = `${prefix}-${randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery';
  const client = server.client();
  // Created directly (registration is rate-limited per address, and every test user comes from 127.0.0.1).
  await createLocalUser(server.database.db, { username, passwordHash: await passwordHashFor(password), role: 'user' });
  const login = await client.post('/auth/local/login', { username, password });
  if (login.status !== 200) {
    throw new Error(`login failed: ${login.status} ${await login.text()}`);
  }
  const me = (await (await client.get('/api/me')).json()) as { id: string };
  return { client, id: me.id, username };
}

/** An admin: a clinician promoted the way an operator does it (`npm run user:role`), then signed in again. */
export async function createSignedInAdmin(server: TestServer): Promise<SignedInUser> {
  const user = await createSignedInClinician(server, 'admin');
  await setUserRole(server.database.db, { emailOrUsername: user.username, role: 'admin' });
  const client = server.client();
  const login = await client.post('/auth/local/login', { username: user.username, password: 'correct horse battery' });
  if (login.status !== 200) {
    throw new Error(`admin login failed: ${login.status}`);
  }
  return { ...user, client };
}

/** Signs in through the bundled development OIDC provider over real HTTP redirects, as a browser would. */
export async function signInWithDevProvider(
  server: TestServer,
  account: string,
): Promise<{ client: TestClient; finalLocation: string | null; callbackUrl: string | null }> {
  const client = server.client();
  const toProvider = await client.follow('/auth/login');
  const loginPage = toProvider.at(-1);
  if (!loginPage || loginPage.status !== 200) {
    throw new Error(`expected the provider's login page, got ${loginPage?.status}`);
  }
  const pageUrl = loginPage.url;
  const html = await loginPage.text();
  const action = /action="([^"]+\/login)"/.exec(html)?.[1];
  if (!action) {
    throw new Error('login form not found on the provider page');
  }
  const hops = await client.follow(new URL(action, pageUrl).href, {
    method: 'POST',
    body: new URLSearchParams({ account }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const callback = hops.find((hop) => new URL(hop.url).pathname === '/auth/callback');
  return { client, finalLocation: callback?.headers.get('location') ?? null, callbackUrl: callback?.url ?? null };
}
