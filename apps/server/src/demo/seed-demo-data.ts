import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { LinkCodes } from '../lib/link-codes';
import type { DiagnosisCatalogue } from '../modules/diagnoses/diagnosis-catalogue';
import { identities, testCredits } from '../db/schema';
import { DEMO_MEMBERS } from '../identity/demo-members';
import { upsertUserFromProfile } from '../modules/users/users.repo';
import { seedDemoAssessments } from './seed-demo-assessments';

export const DEV_PROVIDER_NAME = 'dev';

/**
 * Demo data for trying the app: the dev provider's members (so an admin can grant them tests
 * before they first sign in), a few purchased tests, and three assessments of the first clinician. Runs once, on an empty database, and
 * never in production.
 */
export async function seedDemoData(
  db: Db,
  options: { env: string; now: Date; linkCodes: LinkCodes; catalogue: DiagnosisCatalogue },
): Promise<boolean> {
  if (options.env === 'production') {
    throw new Error('Refusing to seed demo data when NODE_ENV=production');
  }
  const already = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.provider, DEV_PROVIDER_NAME), eq(identities.subject, DEMO_MEMBERS[0]?.sub ?? '')))
    .limit(1);
  if (already.length > 0) {
    return false;
  }
  for (const member of DEMO_MEMBERS) {
    const user = await upsertUserFromProfile(db, {
      profile: {
        provider: DEV_PROVIDER_NAME,
        subject: member.sub,
        username: member.name,
        email: member.email,
        photoUrl: member.picture ?? null,
        isAdminByClaim: member.role === 'admin',
      },
      adminEmails: [],
    });
    if (member.role === 'clinician') {
      await db.insert(testCredits).values({
        clinicianId: user.id,
        source: 'demo',
        externalRef: `demo-${member.sub}`,
        quantity: 5,
        note: 'Demo tests',
        createdAt: options.now,
        createdBy: 'demo',
      });
      if (member.sub === DEMO_MEMBERS[1]?.sub) {
        await seedDemoAssessments(db, {
          clinicianId: user.id,
          now: options.now,
          linkCodes: options.linkCodes,
          catalogue: options.catalogue,
        });
      }
    }
  }
  return true;
}
