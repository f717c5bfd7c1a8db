import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { UserRole } from '@pid5/contract';
import type { ExternalProfile } from '../../identity/institute-login';
import type { Db } from '../../db/database';
import { identities, localCredentials, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * Who is admin (DESIGN.md "Roles and identity"): the operator command, ADMIN_EMAILS, or a mapped provider claim.
 * A mapped claim is authoritative both ways; without one, the role the operator set is kept.
 */
export function decideRole(options: { current: UserRole; emailIsListed: boolean; isAdminByClaim?: boolean }): UserRole {
  if (options.emailIsListed || options.isAdminByClaim === true) {
    return 'admin';
  }
  if (options.isAdminByClaim === false) {
    return 'user';
  }
  return options.current;
}

/** The user behind a provider identity, created on first login; name, email and photo refresh at every login. */
export async function upsertUserFromProfile(
  db: Db,
  options: { profile: ExternalProfile; adminEmails: string[] },
): Promise<UserRow> {
  const { profile } = options;
  const emailIsListed = profile.email !== null && options.adminEmails.includes(profile.email.toLowerCase());
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, profile.provider), eq(identities.subject, profile.subject)))
      .limit(1);
    const found = existing[0]?.user;
    if (found) {
      const role = decideRole({ current: found.role, emailIsListed, isAdminByClaim: profile.isAdminByClaim });
      const [updated] = await tx
        .update(users)
        .set({ username: profile.username, email: profile.email, photoUrl: profile.photoUrl, role })
        .where(eq(users.id, found.id))
        .returning();
      return updated ?? found;
    }
    const role = decideRole({ current: 'user', emailIsListed, isAdminByClaim: profile.isAdminByClaim });
    const [created] = await tx
      .insert(users)
      .values({ id: randomUUID(), username: profile.username, email: profile.email, photoUrl: profile.photoUrl, role })
      .returning();
    if (!created) {
      throw new Error('user insert returned nothing');
    }
    // Two first logins racing for the same identity: the unique index lets one win; the loser's transaction fails.
    await tx.insert(identities).values({ userId: created.id, provider: profile.provider, subject: profile.subject });
    return created;
  });
}

/** Usernames compare case-insensitively and after Unicode normalisation, so 'Ana' and 'ana' are one account. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}

export async function findLocalCredential(db: Db, username: string) {
  const rows = await db
    .select({ user: users, passwordHash: localCredentials.passwordHash })
    .from(localCredentials)
    .innerJoin(users, eq(users.id, localCredentials.userId))
    .where(eq(localCredentials.usernameKey, usernameKey(username)))
    .limit(1);
  return rows[0] ?? null;
}

/** Creates a local account; returns null when the username is taken. */
export async function createLocalUser(
  db: Db,
  options: { username: string; passwordHash: string; role: UserRole },
): Promise<UserRow | null> {
  const key = usernameKey(options.username);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ id: randomUUID(), username: options.username.trim(), role: options.role })
        .returning();
      if (!created) {
        throw new Error('user insert returned nothing');
      }
      // The unique username_key decides a race between two registrations of one name.
      await tx
        .insert(localCredentials)
        .values({ userId: created.id, usernameKey: key, passwordHash: options.passwordHash });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return null;
    }
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') {
      return true;
    }
  }
  return false;
}

/** Sets a user's role by email or username (the operator command `npm run user:role`). */
export async function setUserRole(db: Db, options: { emailOrUsername: string; role: UserRole }): Promise<UserRow[]> {
  const key = options.emailOrUsername.trim().toLowerCase();
  return db
    .update(users)
    .set({ role: options.role })
    .where(or(sql`lower(${users.email}) = ${key}`, sql`lower(${users.username}) = ${key}`))
    .returning();
}

/** Enabled users by username, for choosing a colleague: id and name only. */
export async function listEnabledUsers(db: Db): Promise<{ id: string; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.disabledAt))
    .orderBy(users.username, users.id);
}

/** One enabled user by id, or null. */
export async function findEnabledUser(db: Db, id: string): Promise<{ id: string; username: string } | null> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.disabledAt)))
    .limit(1);
  return rows[0] ?? null;
}
