import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config';

const base = { NODE_ENV: 'test', PORT: '4000' };

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig({ ...base, ...env });
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
}

describe('Wix configuration', () => {
  it('switches the login to Wix with WIX_CLIENT_ID, with defaults for the redirect URI and API base', () => {
    const config = parseConfig({ ...base, WIX_CLIENT_ID: 'abc' });
    expect(config.login).toEqual({
      kind: 'wix',
      clientId: 'abc',
      redirectUri: 'http://localhost:4000/auth/callback',
      apiBase: 'https://www.wixapis.com',
      orders: null,
    });
    expect(config.providerTimeoutSeconds).toBe(10);
  });

  it('reads the order sync settings and an overridden base URL', () => {
    const config = parseConfig({
      ...base,
      PUBLIC_URL: 'https://tests.example.org',
      WIX_CLIENT_ID: 'abc',
      WIX_REDIRECT_URI: 'https://tests.example.org/login-callback',
      WIX_API_BASE: 'http://127.0.0.1:9999/',
      WIX_API_KEY: 'key',
      WIX_SITE_ID: 'site',
      WIX_TEST_PRODUCT_ID: 'product',
      PROVIDER_TIMEOUT_SECONDS: '2.5',
    });
    expect(config.login).toMatchObject({
      redirectUri: 'https://tests.example.org/login-callback',
      apiBase: 'http://127.0.0.1:9999',
      orders: { apiKey: 'key', siteId: 'site', testProductId: 'product' },
    });
    expect(config.providerTimeoutSeconds).toBe(2.5);
  });

  it('lists every problem: both logins, partial order settings, orders without the login, http in production', () => {
    expect(problems({ WIX_CLIENT_ID: 'a', OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'c' })).toContain(
      'OIDC_ISSUER and WIX_CLIENT_ID: set one institute login, not both',
    );
    expect(problems({ WIX_CLIENT_ID: 'a', WIX_API_KEY: 'k' })).toContain(
      'WIX_API_KEY, WIX_SITE_ID and WIX_TEST_PRODUCT_ID: set all three (Wix order sync) or none',
    );
    expect(problems({ WIX_API_KEY: 'k', WIX_SITE_ID: 's', WIX_TEST_PRODUCT_ID: 'p' })).toContain(
      'WIX_API_KEY: Wix order sync needs the Wix member login (WIX_CLIENT_ID)',
    );
    expect(
      problems({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://pid5.example.org',
        DEMO_DATA: 'false',
        APP_SECRET: 'x'.repeat(32),
        WIX_CLIENT_ID: 'a',
        WIX_API_BASE: 'http://wix.local',
      }),
    ).toEqual(['WIX_API_BASE: must be https:// in production (it carries member tokens and the API key)']);
    expect(
      problems({ NODE_ENV: 'production', DEMO_DATA: 'false', APP_SECRET: 'x'.repeat(32), WIX_CLIENT_ID: 'a' }),
    ).toEqual([
      'PUBLIC_URL or FHIR_CANONICAL_BASE: required in production (the FHIR export writes its canonical URLs into receivers\u2019 records, and http://localhost would stay there)',
    ]);
    for (const address of [
      { PUBLIC_URL: 'https://pid5.example.org' } as Record<string, string>,
      { FHIR_CANONICAL_BASE: 'https://fhir.example.org/R4' },
    ]) {
      expect(
        problems({
          NODE_ENV: 'production',
          DEMO_DATA: 'false',
          APP_SECRET: 'x'.repeat(32),
          WIX_CLIENT_ID: 'a',
          ...address,
        }),
      ).toEqual([]);
    }
    expect(parseConfig({ ...base }).fhir).toMatchObject({
      canonicalBase: 'http://localhost:4000/fhir/R4',
      canonicalBaseIsDefault: true,
    });
    expect(parseConfig({ ...base, PUBLIC_URL: 'https://pid5.example.org/' }).fhir).toMatchObject({
      canonicalBase: 'https://pid5.example.org/fhir/R4',
      canonicalBaseIsDefault: false,
    });
    expect(problems({ NODE_ENV: 'production', DEMO_DATA: 'false' })).toEqual([
      'OIDC_ISSUER or WIX_CLIENT_ID: required in production (the bundled development login is for trying the app only)',
      'APP_SECRET: required in production (patient link codes are derived from it)',
      'PUBLIC_URL or FHIR_CANONICAL_BASE: required in production (the FHIR export writes its canonical URLs into receivers\u2019 records, and http://localhost would stay there)',
    ]);
    expect(problems({ PROVIDER_TIMEOUT_SECONDS: '0' })).toHaveLength(1);
  });

  it('requires https for the OIDC issuer in production', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://pid5.example.org',
        DEMO_DATA: 'false',
        APP_SECRET: 'x'.repeat(32),
        OIDC_ISSUER: 'http://idp.local',
        OIDC_CLIENT_ID: 'c',
      }),
    ).toEqual(['OIDC_ISSUER: must be https:// in production']);
  });
});
