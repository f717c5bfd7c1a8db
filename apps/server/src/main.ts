import { resolve } from 'node:path';
import { DEMO_MEMBERS } from './identity/demo-members';
import { loadConfigOrExit } from './config';
import { describeStartFailure } from './start-failure';
import { startServer } from './server';

const config = loadConfigOrExit();
const server = await startServer(config).catch((error: unknown) => {
  // A start that cannot go on (a malformed ITEM_SET_FILE, an APP_SECRET that is not this database's, a data folder
  // another process holds, a database that does not answer) is one line for the operator and a non-zero exit, like a
  // configuration problem: never a stack trace.
  console.error(`The server did not start: ${describeStartFailure(error)}`);
  process.exit(1);
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
if (config.fhir.canonicalBaseIsDefault) {
  // Refused in production (config.ts); elsewhere said once, so no one ships FHIR exports naming localhost.
  server.app.log.warn(
    `FHIR: canonical URLs are ${config.fhir.canonicalBase} (neither FHIR_CANONICAL_BASE nor PUBLIC_URL is set); set one before exporting to a record system`,
  );
}
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
    // Longer than a report may take (REPORT_TIME_LIMIT_SECONDS), shorter than the supervisor's own limit (60 s).
    const forceExit = setTimeout(() => process.exit(1), config.reportTimeLimitSeconds * 1000 + 10_000);
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
