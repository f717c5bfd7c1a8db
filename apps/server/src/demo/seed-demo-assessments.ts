import { eq } from 'drizzle-orm';
import { countAnswered, demoItemSet, scoreResponses } from '@pid5/instrument';
import { LANGUAGES } from '@pid5/i18n';
import type { Db } from '../db/database';
import type { LinkCodes } from '../lib/link-codes';
import { assessments } from '../db/schema';
import { createAssessment } from '../modules/assessments/assessments.service';
import type { DiagnosisCatalogue } from '../modules/diagnoses/diagnosis-catalogue';
import { findCurrentDocument } from '../modules/documents/documents.repo';
import { markFinished } from '../modules/respondent/respondent.repo';

const DAY_MS = 86_400_000;

/** A plausible demo answer string: mostly low answers with a few elevated traits, deterministic. */
export function demoResponses(seed: number, answered = 220): string {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: 220 }, (_, i) => {
    if (i >= answered) {
      return '9';
    }
    const r = next();
    const elevated = (i + seed) % 7 === 0;
    return String(elevated ? (r < 0.3 ? 2 : 3) : r < 0.45 ? 0 : r < 0.8 ? 1 : 2);
  }).join('');
}

/**
 * A handful of demo assessments for one clinician, made through the same service a clinician uses
 * (so each one consumes a purchased test): one not started, one half answered, one completed.
 */
export async function seedDemoAssessments(
  db: Db,
  options: { clinicianId: string; now: Date; linkCodes: LinkCodes; catalogue: DiagnosisCatalogue },
): Promise<void> {
  const terms = await findCurrentDocument(db, 'terms');
  const consent = await findCurrentDocument(db, 'consent');
  if (!terms || !consent) {
    return;
  }
  const plans = [
    { patientId: 'DEMO-001', daysAgo: 2, answered: 0, finish: false, codes: ['F41.1', 'F32.1'] },
    { patientId: 'DEMO-002', daysAgo: 9, answered: 112, finish: false, codes: ['F60.3', 'F43.10'] },
    { patientId: 'DEMO-003', daysAgo: 21, answered: 220, finish: true, codes: ['F33.1', 'F41.1', 'F90.0'] },
  ];
  for (const [index, plan] of plans.entries()) {
    const createdAt = new Date(options.now.getTime() - plan.daysAgo * DAY_MS);
    const { assessment } = await createAssessment({
      db,
      catalogue: options.catalogue,
      clinicianId: options.clinicianId,
      linkCodes: options.linkCodes,
      defaultForm: 'FULL',
      // The demo tests are English; a server without an English item set shows them in its default language.
      itemSets: { languages: LANGUAGES, defaultLanguage: 'en' },
      request: {
        age: 28 + index * 9,
        gender: index === 1 ? 'Female' : 'Unspecified',
        race: 'Unspecified',
        country: 'US', // ISO 3166-1 alpha-2, as Create Test stores it
        postalCode: `1000${index + 1}`,
        patientId: plan.patientId,
        dsmCodes: plan.codes,
        primaryDsm: plan.codes[0] ?? 'F41.1',
        termsId: terms.id,
      },
      now: createdAt,
      ip: 'demo-seed',
    });
    if (plan.answered === 0) {
      continue;
    }
    const responses = demoResponses(index + 11, plan.answered);
    await db
      .update(assessments)
      .set({ consentId: consent.id, consentAgreedAt: createdAt, responses, answeredCount: countAnswered(responses) })
      .where(eq(assessments.id, assessment.id));
    if (plan.finish) {
      const scores = scoreResponses(responses);
      await markFinished(db, {
        id: assessment.id,
        now: new Date(createdAt.getTime() + DAY_MS),
        scores,
        itemSetId: demoItemSet.id,
        instrumentVersion: scores.instrumentVersion,
        normsVersion: scores.normsVersion,
      });
    }
  }
}
