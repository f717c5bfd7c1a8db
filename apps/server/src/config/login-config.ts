import type { AppConfig, LoginProviderConfig } from './app-config';
import type { ParsedEnv } from './env-schema';

// Who signs in and how: the institute's login provider (the development provider, Wix, or an OIDC issuer), the local
// accounts and administrators beside it, and how long a session lasts.

/** What is wrong with the login variables together (each variable alone is checked by the schema). */
export function loginProblems(e: ParsedEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  const wixOrderVariables = [e.WIX_API_KEY, e.WIX_SITE_ID, e.WIX_TEST_PRODUCT_ID];
  if (e.OIDC_ISSUER && e.WIX_CLIENT_ID) {
    problems.push('OIDC_ISSUER and WIX_CLIENT_ID: set one institute login, not both');
  }
  if (wixOrderVariables.some(Boolean) && !wixOrderVariables.every(Boolean)) {
    problems.push('WIX_API_KEY, WIX_SITE_ID and WIX_TEST_PRODUCT_ID: set all three (Wix order sync) or none');
  }
  if (wixOrderVariables.some(Boolean) && !e.WIX_CLIENT_ID) {
    problems.push('WIX_API_KEY: Wix order sync needs the Wix member login (WIX_CLIENT_ID)');
  }
  if (isProduction && !e.WIX_API_BASE.startsWith('https://')) {
    problems.push('WIX_API_BASE: must be https:// in production (it carries member tokens and the API key)');
  }
  return [...problems, ...chosenProviderProblems(e, isProduction)];
}

/** What is wrong with the provider loginConfig chooses (Wix has none beyond those above). */
function chosenProviderProblems(e: ParsedEnv, isProduction: boolean): string[] {
  if (e.WIX_CLIENT_ID) {
    return [];
  }
  if (!e.OIDC_ISSUER) {
    return isProduction
      ? [
          'OIDC_ISSUER or WIX_CLIENT_ID: required in production (the bundled development login is for trying the app only)',
        ]
      : [];
  }
  const problems: string[] = [];
  if (!e.OIDC_CLIENT_ID) {
    problems.push('OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  if (isProduction && !e.OIDC_ISSUER.startsWith('https://')) {
    problems.push('OIDC_ISSUER: must be https:// in production');
  }
  if (Boolean(e.OIDC_ADMIN_CLAIM) !== Boolean(e.OIDC_ADMIN_VALUE)) {
    problems.push('OIDC_ADMIN_CLAIM and OIDC_ADMIN_VALUE: set both or neither');
  }
  return problems;
}

/** The login provider: Wix when WIX_CLIENT_ID is set, else the OIDC issuer when set, else the development provider. */
export function loginConfig(e: ParsedEnv, publicUrl: string): LoginProviderConfig {
  if (e.WIX_CLIENT_ID) {
    return {
      kind: 'wix',
      clientId: e.WIX_CLIENT_ID,
      redirectUri: e.WIX_REDIRECT_URI ?? `${publicUrl}/auth/callback`,
      apiBase: e.WIX_API_BASE.replace(/\/$/, ''),
      orders:
        e.WIX_API_KEY && e.WIX_SITE_ID && e.WIX_TEST_PRODUCT_ID
          ? { apiKey: e.WIX_API_KEY, siteId: e.WIX_SITE_ID, testProductId: e.WIX_TEST_PRODUCT_ID }
          : null,
    };
  }
  if (e.OIDC_ISSUER) {
    return {
      kind: 'oidc',
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID ?? '',
      clientSecret: e.OIDC_CLIENT_SECRET,
      scopes: e.OIDC_SCOPES,
      redirectUri: e.OIDC_REDIRECT_URI ?? `${publicUrl}/auth/callback`,
      adminClaim: e.OIDC_ADMIN_CLAIM,
      adminValue: e.OIDC_ADMIN_VALUE,
    };
  }
  return { kind: 'dev', port: e.DEV_OIDC_PORT };
}

/** Whether demo data is seeded: by default outside production only. */
export function demoDataOf(e: ParsedEnv): boolean {
  return e.DEMO_DATA ?? e.NODE_ENV !== 'production';
}

export function accountProblems(e: ParsedEnv): string[] {
  return demoDataOf(e) && e.NODE_ENV === 'production'
    ? ['DEMO_DATA: demo data is never seeded when NODE_ENV=production']
    : [];
}

/** The demo data, the local accounts (on with it unless set) and the administrators, and the sessions' lengths. */
export function accountsConfig(
  e: ParsedEnv,
): Pick<AppConfig, 'demoData' | 'localAccounts' | 'adminEmails' | 'session'> {
  const demoData = demoDataOf(e);
  return {
    demoData,
    localAccounts: e.ENABLE_LOCAL_ACCOUNTS ?? demoData,
    adminEmails: e.ADMIN_EMAILS,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
  };
}
