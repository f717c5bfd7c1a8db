// Operator command: `npm run user:role -- [--env-file=/etc/pid5/env] <email|username> admin|user` (DESIGN.md
// "Roles and identity").
import { setUserRole } from '../modules/users/users.repo';
import { withDatabase } from './cli-database';
import { operatorArguments } from './operator-arguments';

const [who, role] = operatorArguments();
if (!who || (role !== 'admin' && role !== 'user')) {
  console.error('Usage: npm run user:role -- [--env-file=/etc/pid5/env] <email|username> admin|user');
  process.exit(2);
}
const updated = await withDatabase((db) => setUserRole(db, { emailOrUsername: who, role }));
if (updated.length === 0) {
  console.error(`No user with email or username "${who}". They appear after their first sign-in.`);
  process.exit(1);
}
for (const user of updated) {
  console.log(`${user.username} <${user.email ?? 'no email'}> is now ${role}`);
}
