// Operator command: `NEW_APP_SECRET=… npm run app-secret:rotate` with the server stopped and the current APP_SECRET
// configured (docs/operations.md "Changing APP_SECRET"). The new secret comes from the environment, never the
// command line, where other users of the machine could read it.
import { loadConfigOrExit } from '../config';
import { AppSecretMismatchError } from '../db/app-secret-check';
import { rotateAppSecret } from '../db/app-secret-rotation';
import { resolveAppSecret } from '../lib/app-secret';
import { withDatabase } from './cli-database';
import { operatorArguments } from './operator-arguments';

operatorArguments(); // --env-file=/etc/pid5/env: the server's own settings

const next = process.env.NEW_APP_SECRET?.trim() ?? '';
if (next.length < 32) {
  console.error('Set NEW_APP_SECRET to the new secret (at least 32 characters, e.g. `openssl rand -base64 32`).');
  process.exit(2);
}
const current = resolveAppSecret(loadConfigOrExit());
try {
  const reissued = await withDatabase((db) => rotateAppSecret(db, { current, next }));
  console.log(
    `APP_SECRET rotated: ${reissued} patient links re-issued with the new secret. Now set APP_SECRET to the new ` +
      'secret (where the server reads it), start the server, and send the open tests their new links: links sent ' +
      'before, opt-out links in earlier e-mails and signed-in patient sessions no longer open.',
  );
} catch (error) {
  if (error instanceof AppSecretMismatchError) {
    console.error(`Nothing was changed. ${error.message}`);
    process.exit(1);
  }
  throw error;
}
