import { createHmac } from 'node:crypto';
import { desc, eq, isNotNull } from 'drizzle-orm';
import { createLinkCodes } from '../lib/link-codes';
import { hashToken } from '../lib/tokens';
import type { Db } from './database';
import { appSecretCheck, assessments } from './schema';

/** The operator's guide's section on changing the secret on purpose. */
const ROTATION_HINT =
  'To change the secret on purpose, run the app-secret rotation command (docs/operations.md "Changing APP_SECRET").';

/** The secret is not the one this database's patient links, or its first start, were made with. */
export class AppSecretMismatchError extends Error {
  constructor(readonly evidence: 'links' | 'first-start') {
    super(
      (evidence === 'links'
        ? 'APP_SECRET is not the secret the patient links stored in this database were made with: the links already ' +
          'sent would not match the ones this server shows. '
        : 'APP_SECRET does not match the secret this database was first started with, so no patient link would open. ') +
        'Start with the APP_SECRET (or the app-secret file of DATA_DIR) kept with this database or its backup. ' +
        ROTATION_HINT,
    );
    this.name = 'AppSecretMismatchError';
  }
}

/** An HMAC of a fixed text under the secret: tells secrets apart without storing anything that reveals one. */
export function appSecretVerifier(secret: string): string {
  return createHmac('sha256', secret).update('pid5/app-secret-check').digest('hex');
}

/**
 * Whether `secret` made the newest patient link stored (its code is HMAC(secret, nonce), and the code's hash is
 * stored): null when no test has a link made from a nonce. Signed data the secret left behind, so the check also
 * holds for a database created before the verifier was recorded.
 */
export async function newestLinkMadeWith(db: Db, secret: string): Promise<boolean | null> {
  const [row] = await db
    .select({ nonce: assessments.linkNonce, codeHash: assessments.testCodeHash })
    .from(assessments)
    .where(isNotNull(assessments.linkNonce))
    .orderBy(desc(assessments.id))
    .limit(1);
  if (!row?.nonce) {
    return null;
  }
  return hashToken(createLinkCodes(secret).codeFor(row.nonce)) === row.codeHash;
}

/**
 * At every start: refuses a secret that did not make the stored patient links, or that is not the one recorded at
 * the first start (a restore without its APP_SECRET, a mistyped one, another DATA_DIR's secret file). Records the
 * secret's verifier when none is recorded yet, only after the links agree. Run under the start-up lock.
 */
export async function checkAppSecret(db: Db, secret: string): Promise<void> {
  const verifier = appSecretVerifier(secret);
  const [stored] = await db.select().from(appSecretCheck).where(eq(appSecretCheck.id, 1));
  if ((await newestLinkMadeWith(db, secret)) === false) {
    throw new AppSecretMismatchError('links');
  }
  if (!stored) {
    await db.insert(appSecretCheck).values({ id: 1, verifier }).onConflictDoNothing();
    return checkAppSecret(db, secret);
  }
  if (stored.verifier !== verifier) {
    throw new AppSecretMismatchError('first-start');
  }
}
