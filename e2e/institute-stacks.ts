import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * Two more app servers for the institute-login journeys, each configured only through
 * environment variables, as an operator would: one against a separate OpenID Connect issuer
 * (the bundled oidc-provider, standalone on its own port), one against the Wix contract double.
 */
/**
 * Every end-to-end port is this much above its default, so that two checkouts on one machine can run the suite at the
 * same time (`E2E_PORT_OFFSET=200 npm run test:e2e`).
 */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => base + E2E_PORT_OFFSET;

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

export const OIDC_STACK = {
  appUrl: `http://localhost:${port(3110)}`,
  appPort: port(3110),
  issuer: `http://localhost:${port(3111)}`,
  issuerPort: port(3111),
  clientId: 'pid5-e2e-institute',
  clientSecret: 'e2e-institute-client-secret',
  admin: { sub: 'inst-admin', name: 'Dr. Kim Keycloak', email: 'kim@institute.example' },
  clinician: { sub: 'inst-clinician', name: 'Dr. Olga Oidc', email: 'olga@institute.example' },
} as const;

export const WIX_STACK = {
  appUrl: `http://localhost:${port(3120)}`,
  appPort: port(3120),
  /** On another site than the app (127.0.0.1 vs localhost), like a real Wix site. */
  doubleUrl: `http://127.0.0.1:${port(3121)}`,
  doublePort: port(3121),
  clientId: 'wix-e2e-client',
  apiKey: 'IST.e2e-api-key',
  siteId: 'e2e-site-id',
  productId: 'e2e-pid5-test-product',
  adminEmail: 'wix-admin@institute.example',
} as const;

/** An app server started by `script`, configured only through environment variables: what both share, then `env`. */
export function stackServer(
  script: string,
  app: { appUrl: string; appPort: number },
  env: Record<string, string>,
): WebServer {
  return {
    // One node process (not npx, then tsx's CLI, then node). Both WebAssembly compilers: these servers live through the
    // whole run (docs/decisions/0089-test-processes-compile-pglite-with-the-baseline-compiler.md).
    command: `node --import tsx ${script}`,
    url: `${app.appUrl}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(app.appPort),
      PUBLIC_URL: app.appUrl,
      DEMO_DATA: 'false',
      ENABLE_LOCAL_ACCOUNTS: 'false',
      LOG_LEVEL: 'warn',
      // As apps/server/test/report-time-limit.ts says: no 30 s limit for a report held back by a busy machine.
      REPORT_TIME_LIMIT_SECONDS: '600',
      ...env,
    },
  };
}

export const OIDC_STACK_SERVER = stackServer('start-oidc-stack.ts', OIDC_STACK, {
  OIDC_ISSUER: OIDC_STACK.issuer,
  OIDC_CLIENT_ID: OIDC_STACK.clientId,
  OIDC_CLIENT_SECRET: OIDC_STACK.clientSecret,
  OIDC_SCOPES: 'openid email profile groups',
  OIDC_ADMIN_CLAIM: 'groups',
  OIDC_ADMIN_VALUE: 'admins',
});

export const WIX_STACK_SERVER = stackServer('start-wix-stack.ts', WIX_STACK, {
  WIX_CLIENT_ID: WIX_STACK.clientId,
  WIX_API_BASE: WIX_STACK.doubleUrl,
  WIX_API_KEY: WIX_STACK.apiKey,
  WIX_SITE_ID: WIX_STACK.siteId,
  WIX_TEST_PRODUCT_ID: WIX_STACK.productId,
  ADMIN_EMAILS: WIX_STACK.adminEmail,
  PROVIDER_TIMEOUT_SECONDS: '5',
});
