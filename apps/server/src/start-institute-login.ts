import type { AppConfig } from './config';
import type { Db } from './db/database';
import { DEV_PROVIDER_NAME } from './demo/seed-demo-data';
import { createWixLogin } from './integrations/wix/wix-login';
import { createWixOrderSync, type WixOrderSync } from './integrations/wix/wix-order-sync';
import type { Clock } from './lib/clock';
import { createRandomToken } from './lib/tokens';
import { DEV_ADMIN_CLAIM } from './identity/demo-members';
import type { DevIdentityProvider } from './identity/dev-identity-provider';
import type { InstituteLogin } from './identity/institute-login';
import { createOidcLogin, type OidcLogin } from './identity/oidc-login';

/** The staff's sign-in as configured (LOGIN): the provider, and with Wix its order sync. */
export interface StartedInstituteLogin {
  /** The bundled development provider, running, when LOGIN is dev. */
  devIdentityProvider: DevIdentityProvider | null;
  instituteLogin: InstituteLogin;
  /** Wix purchases as tests, when WIX orders are configured. */
  wixOrders: WixOrderSync | null;
  /** The institute's own OIDC issuer, whose discovery the start logs. */
  instituteIssuer: OidcLogin | null;
}

/** Starts the configured login: the development provider (and its client), Wix, or the institute's OIDC issuer. */
export async function startInstituteLogin(config: AppConfig, db: Db, clock: Clock): Promise<StartedInstituteLogin> {
  let devIdentityProvider: DevIdentityProvider | null = null;
  let instituteLogin: InstituteLogin;
  let wixOrders: WixOrderSync | null = null;
  let instituteIssuer: OidcLogin | null = null;
  const redirectUri = `${config.publicUrl}/auth/callback`;
  if (config.login.kind === 'dev') {
    // Loaded only here: oidc-provider is a development tool, never needed with an institute's own login.
    const { startDevIdentityProvider } = await import('./identity/dev-identity-provider');
    const clientSecret = createRandomToken(32);
    devIdentityProvider = await startDevIdentityProvider({
      port: config.login.port,
      clients: [{ clientId: 'pid5-dev', clientSecret, redirectUris: [redirectUri] }],
    });
    instituteLogin = createOidcLogin({
      kind: 'dev',
      providerName: DEV_PROVIDER_NAME,
      issuer: devIdentityProvider.issuer,
      clientId: 'pid5-dev',
      clientSecret,
      scopes: 'openid email profile groups',
      redirectUri,
      adminClaim: DEV_ADMIN_CLAIM.claim,
      adminValue: DEV_ADMIN_CLAIM.value,
      forceLoginPrompt: true,
      timeoutSeconds: config.providerTimeoutSeconds,
    });
  } else if (config.login.kind === 'wix') {
    const now = () => clock.now();
    instituteLogin = createWixLogin({
      clientId: config.login.clientId,
      redirectUri: config.login.redirectUri,
      apiBase: config.login.apiBase,
      loginPageUrl: `${config.publicUrl}/login`,
      timeoutSeconds: config.providerTimeoutSeconds,
      now,
    });
    if (config.login.orders) {
      wixOrders = createWixOrderSync({
        db,
        settings: {
          ...config.login.orders,
          apiBase: config.login.apiBase,
          timeoutSeconds: config.providerTimeoutSeconds,
        },
        now,
      });
    }
  } else {
    instituteIssuer = createOidcLogin({
      ...config.login,
      kind: 'oidc',
      providerName: config.login.issuer,
      timeoutSeconds: config.providerTimeoutSeconds,
    });
    instituteLogin = instituteIssuer;
  }

  return { devIdentityProvider, instituteLogin, wixOrders, instituteIssuer };
}
