// Operator command: `npm run user:role -- <email|username> admin|user` (DESIGN.md §2).
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/database';
import { setUserRole } from '../modules/users/users.repo';

const [who, role] = process.argv.slice(2);
if (!who || (role !== 'admin' && role !== 'user')) {
  console.error('Usage: npm run user:role -- <email|username> admin|user');
  process.exit(2);
}
const config = loadConfigOrExit();
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'pglite', dataDir: config.database.dataDir },
);
await database.migrate();
const updated = await setUserRole(database.db, { emailOrUsername: who, role });
await database.close();
if (updated.length === 0) {
  console.error(`No user with email or username "${who}". They appear after their first sign-in.`);
  process.exit(1);
}
for (const user of updated) {
  console.log(`${user.username} <${user.email ?? 'no email'}> is now ${role}`);
}
