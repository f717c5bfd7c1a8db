import { loadConfigOrExit } from './config';
import { startServer } from './server';

const config = loadConfigOrExit();
const server = await startServer(config);
server.app.log.info(
  { url: config.publicUrl, database: server.database.kind, login: config.login.kind },
  `PID-5 assessment app listening on ${config.publicUrl}`,
);
if (server.devIdentityProvider) {
  server.app.log.info(`Development identity provider (demo members only) at ${server.devIdentityProvider.issuer}`);
}

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
