import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWixContractDouble } from '@pid5/server/testing';
import { WIX_STACK } from './institute-stacks';

// The Wix contract double on its own port (members and orders are seeded by each test through
// its /__control endpoint), then the app configured against it through the WIX_* variables.
const dataDir = mkdtempSync(join(tmpdir(), 'pid5-e2e-wix-'));
process.env.DATA_DIR = dataDir;
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

await startWixContractDouble({
  port: WIX_STACK.doublePort,
  host: '127.0.0.1',
  clientId: WIX_STACK.clientId,
  apiKey: WIX_STACK.apiKey,
  siteId: WIX_STACK.siteId,
  redirectUris: [`${WIX_STACK.appUrl}/auth/callback`],
});
await import('@pid5/server/main');
