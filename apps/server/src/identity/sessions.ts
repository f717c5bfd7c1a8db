import { eq } from 'drizzle-orm';
import type { ViewMode } from '@pid5/contract';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { openWithSecret, sealWithSecret } from '../lib/seal';
import { createRandomToken, hashToken } from '../lib/tokens';
import type { ProviderTokens } from './institute-login';

export const SESSION_COOKIE = 'session';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  photoUrl: string | null;
  role: 'user' | 'admin';
}

export interface ActiveSession {
  tokenHash: string;
  viewMode: ViewMode;
  expiresAt: Date;
  idTokenHint: string | null;
  /** The provider's member tokens (Wix), opened with the cookie token; null for other logins. */
  providerTokens: ProviderTokens | null;
  user: SessionUser;
}

const PROVIDER_TOKENS_PURPOSE = 'provider-tokens';

function sealProviderTokens(sessionToken: string, tokens: ProviderTokens): string {
  return sealWithSecret(sessionToken, PROVIDER_TOKENS_PURPOSE, JSON.stringify(tokens));
}

function openProviderTokens(sessionToken: string, sealed: string | null): ProviderTokens | null {
  const json = sealed ? openWithSecret(sessionToken, PROVIDER_TOKENS_PURPOSE, sealed) : null;
  if (!json) {
    return null;
  }
  const value = JSON.parse(json) as Partial<ProviderTokens>;
  return typeof value.accessToken === 'string' &&
    typeof value.refreshToken === 'string' &&
    typeof value.accessTokenExpiresAt === 'number'
    ? {
        accessToken: value.accessToken,
        refreshToken: value.refreshToken,
        accessTokenExpiresAt: value.accessTokenExpiresAt,
      }
    : null;
}

// Refresh last_seen_at at most once a minute: the idle timeout needs minutes, not every request.
const TOUCH_INTERVAL_MS = 60_000;

/** A new random 256-bit token for every login (no fixation); only its hash is stored. */
export async function createSession(
  db: Db,
  options: {
    userId: string;
    viewMode: ViewMode;
    now: Date;
    policy: SessionPolicy;
    idTokenHint?: string | null;
    providerTokens?: ProviderTokens | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = createRandomToken(32);
  const expiresAt = new Date(options.now.getTime() + options.policy.absoluteHours * 3_600_000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: options.userId,
    viewMode: options.viewMode,
    createdAt: options.now,
    lastSeenAt: options.now,
    expiresAt,
    idTokenHint: options.idTokenHint ?? null,
    providerTokens: options.providerTokens ? sealProviderTokens(token, options.providerTokens) : null,
  });
  return { token, expiresAt };
}

/** The session for a cookie token, or null when unknown, idle too long, past its absolute expiry or disabled. */
export async function findActiveSession(
  db: Db,
  options: { token: string; now: Date; policy: SessionPolicy },
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(options.token);
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  if (!row) {
    return null;
  }
  const now = options.now.getTime();
  const idleLimit = row.session.lastSeenAt.getTime() + options.policy.idleMinutes * 60_000;
  if (now >= row.session.expiresAt.getTime() || now >= idleLimit || row.user.disabledAt) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: options.now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    tokenHash,
    viewMode: row.session.viewMode,
    expiresAt: row.session.expiresAt,
    idTokenHint: row.session.idTokenHint,
    providerTokens: openProviderTokens(options.token, row.session.providerTokens),
    user: {
      id: row.user.id,
      username: row.user.username,
      email: row.user.email,
      photoUrl: row.user.photoUrl,
      role: row.user.role,
    },
  };
}

/** Stores renewed provider tokens for the session behind `token`. */
export async function setSessionProviderTokens(db: Db, token: string, tokens: ProviderTokens): Promise<void> {
  await db
    .update(sessions)
    .set({ providerTokens: sealProviderTokens(token, tokens) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

export async function setSessionViewMode(db: Db, tokenHash: string, viewMode: ViewMode): Promise<void> {
  await db.update(sessions).set({ viewMode }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
