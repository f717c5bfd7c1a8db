import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { appSecretCheck } from './schema';

/** The secret does not match the one the database was first started with. */
export class AppSecretMismatchError extends Error {
  constructor() {
    super(
      'APP_SECRET does not match the secret this database was created with, so no patient link would open. ' +
        'Start with the APP_SECRET (or the app-secret file of DATA_DIR) kept with this database or its backup.',
    );
    this.name = 'AppSecretMismatchError';
  }
}

/** An HMAC of a fixed text under the secret: tells secrets apart without storing anything that reveals one. */
export function appSecretVerifier(secret: string): string {
  return createHmac('sha256', secret).update('pid5/app-secret-check').digest('hex');
}

/**
 * Records the secret's verifier on first start, and at every later start refuses a secret that is not the one
 * recorded (a restore without its APP_SECRET, or a mistyped one). Run under the start-up lock.
 */
export async function checkAppSecret(db: Db, secret: string): Promise<void> {
  const verifier = appSecretVerifier(secret);
  const [stored] = await db.select().from(appSecretCheck).where(eq(appSecretCheck.id, 1));
  if (!stored) {
    await db.insert(appSecretCheck).values({ id: 1, verifier }).onConflictDoNothing();
    return checkAppSecret(db, secret);
  }
  if (stored.verifier !== verifier) {
    throw new AppSecretMismatchError();
  }
}
