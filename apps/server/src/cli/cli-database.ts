import { loadConfigOrExit } from '../config';
import { DataFolderInUseError } from '../db/data-folder-lock';
import { openDatabase, type Db } from '../db/database';
import { describeStartFailure } from '../start-failure';

/**
 * For the operator commands: the configured database (DATABASE_URL or DATA_DIR), migrated, for the time of `work`.
 * A PGlite data folder serves one process: while the server holds it, the command refuses and says so.
 */
export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfigOrExit();
  const database = await openDatabase(config.database).catch((error: unknown) => {
    if (error instanceof DataFolderInUseError) {
      console.error(
        `The server (or another command) is running on the data folder ${error.dataDir}, and one data folder ` +
          'serves one process. Nothing was changed. Stop the server (systemctl stop pid5, or docker compose stop app), ' +
          'run this command again, then start the server.',
      );
    } else {
      console.error(`Cannot open the database: ${describeStartFailure(error)}`);
    }
    process.exit(1);
  });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}
