import { resolve } from 'node:path';
import { DEMO_MEMBERS } from './identity/demo-members';
import { loadConfigOrExit } from './config';
import { AppSecretMismatchError } from './db/app-secret-check';
import { DataFileError } from './lib/read-json-file';
import { startServer } from './server';

const config = loadConfigOrExit();
const server = await startServer(config).catch((error: unknown) => {
  // A malformed ITEM_SET_FILE or NORM_TABLES_FILE, or an APP_SECRET that is not this database's: say what is wrong,
  // like a configuration problem, and stop.
  if (error instanceof DataFileError || error instanceof AppSecretMismatchError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const dataLocation =
  config.database.kind === 'pglite'
    ? `embedded PostgreSQL (PGlite) in ${resolve(config.database.dataDir)}`
    : 'PostgreSQL (DATABASE_URL)';
server.app.log.info(
  { url: config.publicUrl, database: server.database.kind, login: config.login.kind },
  `PID-5 assessment app: open ${config.publicUrl}`,
);
server.app.log.info(`Data: ${dataLocation}`);
if (server.devIdentityProvider) {
  // What a newcomer needs to sign in: who the demo members are.
  const members = DEMO_MEMBERS.map((member) => `${member.name} (${member.role})`).join(', ');
  server.app.log.info(`Sign in with Login, then pick a demo member: ${members}`);
}

// The embedded database's thread stopped: nothing in this process can bring it back, and PGlite recovers its data
// folder at the next start. Exit, so the supervisor (systemd, a container runtime) starts the server again.
server.database.onLost((error) => {
  server.app.log.fatal({ err: error }, 'the database is gone; exiting');
  process.exit(1);
});

// Graceful shutdown: stop accepting, drain requests in flight, close the database, exit.
let isShuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (isShuttingDown) {
      return;
    }
    isShuttingDown = true;
    server.app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}
