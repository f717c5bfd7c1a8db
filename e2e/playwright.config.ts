import { defineConfig } from '@playwright/test';
import { E2E_PORT_OFFSET, OIDC_STACK_SERVER, stackServer, WIX_STACK_SERVER } from './institute-stacks';

// End-to-end journeys in Debian's Chromium (never a downloaded browser) against the real server
// on a fresh embedded database with the demo data and the bundled development identity provider.
export const E2E_PORT = 3100 + E2E_PORT_OFFSET;
export const E2E_IDP_PORT = 3101 + E2E_PORT_OFFSET;
const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  // Bounds on a stuck test, not on speed: at 60 s (180 s for a test.slow()) two journeys ran out of time on a machine
  // loaded six times over, while every step still went forward.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // No trace while the tests run: recording one (a screencast and a DOM snapshot at every action) was a third of
    // the suite's CPU (docs/decisions/0068-end-to-end-failures-without-a-trace.md). A failure still leaves a screenshot
    // and error-context.md (the page's accessibility tree); `npm run test:e2e -- <spec> --trace on` records one.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // The main app server: demo data, the development identity provider, local accounts.
    stackServer(
      'start-e2e-server.ts',
      { appUrl: baseURL, appPort: E2E_PORT },
      {
        DEV_OIDC_PORT: String(E2E_IDP_PORT),
        DATA_DIR: './.e2e-data',
        DEMO_DATA: 'true',
        ENABLE_LOCAL_ACCOUNTS: 'true',
      },
    ),
    // The institute logins, each on its own app server (institute-stacks.ts).
    OIDC_STACK_SERVER,
    WIX_STACK_SERVER,
  ],
});
