import { eq, isNotNull } from 'drizzle-orm';
import { createLinkCodes } from '../lib/link-codes';
import { appSecretVerifier, checkAppSecret } from './app-secret-check';
import type { Db } from './database';
import { appSecretCheck, assessments } from './schema';

/**
 * Changes the database's APP_SECRET on purpose (a secret that leaked, or a restore's secret replaced): checks that
 * `current` is this database's secret, gives every test whose link derives from the secret a new link made with
 * `next`, and records `next`, in one transaction. Links sent before stop opening (the clinician sends the new ones);
 * rows from before link nonces keep their stored code. Returns how many links were re-issued.
 */
export async function rotateAppSecret(db: Db, secrets: { current: string; next: string }): Promise<number> {
  if (secrets.current === secrets.next) {
    throw new Error('The new secret is the current one: nothing to rotate.');
  }
  await checkAppSecret(db, secrets.current);
  const linkCodes = createLinkCodes(secrets.next);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: assessments.id })
      .from(assessments)
      .where(isNotNull(assessments.linkNonce))
      .for('update');
    for (const { id } of rows) {
      const { nonce, codeHash } = linkCodes.create();
      await tx.update(assessments).set({ linkNonce: nonce, testCodeHash: codeHash }).where(eq(assessments.id, id));
    }
    await tx
      .update(appSecretCheck)
      .set({ verifier: appSecretVerifier(secrets.next) })
      .where(eq(appSecretCheck.id, 1));
    return rows.length;
  });
}
