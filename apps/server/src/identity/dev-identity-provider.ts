import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { closePlainServer, listenPlainServer, readBody, sendPlainText } from '../lib/plain-http';
import { DEMO_MEMBERS, DEV_ADMIN_CLAIM, type DemoMember } from './demo-members';
import { sendMemberPickerPage } from './member-picker-page';

/** What the development provider keeps between requests: one map per artifact kind, forgotten at exit. */
type StoredPayload = { payload: Record<string, unknown>; expiresAt: number | null };

/** oidc-provider's storage interface (Adapter), in memory, one store per issuer, for the development issuer only. */
function createDevMemoryAdapter() {
  const stores = new Map<string, Map<string, StoredPayload>>();
  return class DevMemoryAdapter {
    private readonly store: Map<string, StoredPayload>;

    constructor(name: string) {
      this.store = stores.get(name) ?? new Map<string, StoredPayload>();
      stores.set(name, this.store);
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
      this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
    }

    async find(id: string): Promise<Record<string, unknown> | undefined> {
      const found = this.store.get(id);
      if (!found) {
        return undefined;
      }
      if (found.expiresAt !== null && found.expiresAt <= Date.now()) {
        this.store.delete(id);
        return undefined;
      }
      return found.payload;
    }

    async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
      return [...this.store.values()].find((entry) => entry.payload.userCode === userCode)?.payload;
    }

    async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
      return [...this.store.values()].find((entry) => entry.payload.uid === uid)?.payload;
    }

    async consume(id: string): Promise<void> {
      const found = this.store.get(id);
      if (found) {
        found.payload.consumed = Math.floor(Date.now() / 1000);
      }
    }

    async destroy(id: string): Promise<void> {
      this.store.delete(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [id, entry] of this.store) {
        if (entry.payload.grantId === grantId) {
          this.store.delete(id);
        }
      }
    }
  };
}

/**
 * The bundled development identity provider: a real OpenID Connect issuer (oidc-provider) on its
 * own port, with demo members only, so the real redirect flow (PKCE, state, nonce, ID token)
 * works on a fresh machine with no set-up. Never started in production (config.ts refuses).
 * Tests also run it as a separate issuer configured through the OIDC_* variables.
 */

export interface DevClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface DevIdentityProvider {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

export async function startDevIdentityProvider(options: {
  port: number;
  host?: string;
  clients: DevClient[];
  members?: DemoMember[];
}): Promise<DevIdentityProvider> {
  const members = options.members ?? DEMO_MEMBERS;
  const host = options.host ?? '127.0.0.1';
  const { server, port } = await listenPlainServer(options.port, host);
  const issuer = `http://localhost:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-1', use: 'sig', alg: 'RS256' };

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    // Its own in-memory store and lifetimes, so that oidc-provider prints no notices about its defaults at
    // `npm start`: this issuer is for development only and forgets everything when it stops.
    adapter: createDevMemoryAdapter(),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => demoAccount(members, id),
    // First-party demo client: no consent screen, the grant covers the requested scopes.
    loadExistingGrant: grantRequestedScopes,
  });
  provider.on('server_error', () => undefined);
  const providerCallback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      void providerCallback(req, res);
      return;
    }
    handleInteraction(provider, members, req, res, Boolean(match[2])).catch(() => {
      sendPlainText(res, 400, 'This sign-in has expired. Go back to the app and press Login again.');
    });
  });

  return {
    issuer,
    port,
    close: () => closePlainServer(server),
  };
}

/** A demo member as oidc-provider's account, with the claims the app reads; undefined for an unknown subject. */
function demoAccount(members: DemoMember[], id: string) {
  const member = members.find((m) => m.sub === id);
  if (!member) {
    return undefined;
  }
  return {
    accountId: id,
    claims: () => ({
      sub: id,
      email: member.email,
      email_verified: true,
      name: member.name,
      preferred_username: member.name,
      ...(member.picture ? { picture: member.picture } : {}),
      groups: member.role === 'admin' ? [DEV_ADMIN_CLAIM.value] : ['clinicians'],
    }),
  };
}

/** The session's grant for the client, made on first use with every scope the app asks for (no consent screen). */
async function grantRequestedScopes(ctx: KoaContextWithOIDC) {
  const client = ctx.oidc.client;
  const session = ctx.oidc.session;
  if (!client || !session?.accountId) {
    return undefined;
  }
  const existingId = session.grantIdFor(client.clientId);
  if (existingId) {
    const existing = await ctx.oidc.provider.Grant.find(existingId);
    if (existing) {
      return existing;
    }
  }
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope('openid email profile groups');
  await grant.save();
  return grant;
}

async function handleInteraction(
  provider: Provider,
  members: DemoMember[],
  req: IncomingMessage,
  res: ServerResponse,
  isSubmit: boolean,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (!isSubmit || req.method !== 'POST') {
    sendMemberPickerPage(res, {
      title: 'Development sign-in',
      heading: 'Development sign-in',
      notice: {
        lead: 'Development only.',
        text:
          "This is the app's bundled test identity provider with demo members. " +
          "A real installation signs in through the institute's own login.",
      },
      accent: { color: '#1c7ed6', background: '#e7f5ff' },
      action: `/interaction/${details.uid}/login`,
      field: 'account',
      members: members.map((m) => ({ value: m.sub, label: `Sign in as ${m.name} (${m.role})` })),
      withCancel: true,
    });
    return;
  }
  const body = new URLSearchParams(await readBody(req, 10_000));
  if (body.has('cancel')) {
    // What a provider does when the person refuses (OpenID Connect Core §3.1.2.6): back to the app with an error.
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const member = members.find((m) => m.sub === body.get('account'));
  if (!member) {
    sendPlainText(res, 400, 'Unknown demo member.');
    return;
  }
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: member.sub } },
    { mergeWithLastSubmission: false },
  );
}
