import type { ExternalProfile } from '../../identity/institute-login';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { createLocalUser, findLocalCredential, upsertUserFromProfile, type UserRow } from './users.repo';

// What other modules may do with users (the sign-in); the SQL stays in users.repo.ts.

export { usernameKey, type UserRow } from './users.repo';

/** The user a provider's verified profile stands for, created on first sign-in (role rules: users.repo.ts). */
export function findOrCreateUserForProfile(
  db: Db,
  options: { profile: ExternalProfile; adminEmails: string[] },
): Promise<UserRow> {
  return upsertUserFromProfile(db, options);
}

/**
 * The enabled user behind a local username and password. An unknown name, a wrong password and a disabled account
 * get the same answer, after the same password work (passwords.ts), so neither tells which names exist.
 */
export async function verifyLocalCredentials(db: Db, options: { username: string; password: string }) {
  const found = await findLocalCredential(db, options.username);
  const isValid = await verifyPassword(found?.passwordHash ?? null, options.password);
  if (!found || !isValid || found.user.disabledAt) {
    throw new AppError('INVALID_CREDENTIALS', 'errors.users.invalidCredentials');
  }
  return found.user;
}

/** A new local account with the clinician role; a name taken (in any case or form) is refused. */
export async function registerLocalUser(db: Db, options: { username: string; password: string }): Promise<UserRow> {
  const created = await createLocalUser(db, {
    username: options.username,
    passwordHash: await hashPassword(options.password),
    role: 'user',
  });
  if (!created) {
    throw new AppError('USERNAME_TAKEN', 'errors.users.usernameTaken');
  }
  return created;
}

export { findEnabledUser, listEnabledUsers } from './users.repo';
