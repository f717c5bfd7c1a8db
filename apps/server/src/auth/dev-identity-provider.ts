import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { closePlainServer, listenPlainServer, readBody, sendPlainText } from '../lib/plain-http';
import { DEMO_MEMBERS, DEV_ADMIN_CLAIM, type DemoMember } from './demo-members';
import { sendMemberPickerPage } from './member-picker-page';

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
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
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
    },
    // First-party demo client: no consent screen, the grant covers the requested scopes.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
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
    },
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
