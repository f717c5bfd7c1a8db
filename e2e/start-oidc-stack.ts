import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePseudoLanguage } from '@pid5/i18n/pseudo-language';
import { startDevIdentityProvider } from '@pid5/server';
import { OIDC_STACK } from './institute-stacks';

// The institute's "own" OpenID Connect issuer: the bundled oidc-provider on its own port, with its
// own members. The app below knows it only through the OIDC_* variables (institute-stacks.ts).
const dataDir = mkdtempSync(join(tmpdir(), 'pid5-e2e-oidc-'));
process.env.DATA_DIR = dataDir;
// A language the installation adds as files after the web build (LANGUAGES_FOLDER): the pages get it from the server.
const languagesFolder = mkdtempSync(join(tmpdir(), 'pid5-e2e-languages-'));
writePseudoLanguage(languagesFolder);
process.env.LANGUAGES_FOLDER = languagesFolder;
process.on('exit', () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(languagesFolder, { recursive: true, force: true });
});

await startDevIdentityProvider({
  port: OIDC_STACK.issuerPort,
  clients: [
    {
      clientId: OIDC_STACK.clientId,
      clientSecret: OIDC_STACK.clientSecret,
      redirectUris: [`${OIDC_STACK.appUrl}/auth/callback`],
      postLogoutRedirectUris: [`${OIDC_STACK.appUrl}/login`],
    },
  ],
  members: [
    { ...OIDC_STACK.admin, role: 'admin' },
    { ...OIDC_STACK.clinician, role: 'clinician' },
  ],
});
await import('@pid5/server/main');
