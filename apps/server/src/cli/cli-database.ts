import { loadConfigOrExit } from '../config';
import { openDatabase, type Db } from '../db/database';

/** For the operator commands: the configured database (DATABASE_URL or DATA_DIR), migrated, for the time of `work`. */
export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfigOrExit().database);
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}
