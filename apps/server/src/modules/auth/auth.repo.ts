import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { loginRequests } from '../../db/schema';

// SQL only: pending institute logins (DESIGN.md decision log: "A pending login is stored server-side").

export type LoginRequestRow = typeof loginRequests.$inferSelect;

export async function insertLoginRequest(db: Db, values: LoginRequestRow): Promise<void> {
  await db.insert(loginRequests).values(values);
}

/** Deletes the pending login and returns it: the first callback takes it, a replayed one finds nothing. */
export async function takeLoginRequest(db: Db, stateHash: string): Promise<LoginRequestRow | null> {
  const [row] = await db.delete(loginRequests).where(eq(loginRequests.stateHash, stateHash)).returning();
  return row ?? null;
}
