import { assessments } from '../src/db/schema';
import { findCurrentDocument } from '../src/modules/documents/documents.repo';
import type { TestServer } from './test-server';

const DAY_MS = 24 * 3_600_000;

export type AssessmentRow = typeof assessments.$inferSelect;

/**
 * Inserts an assessment row directly (for tests of reading, answering and reporting that do not
 * exercise creation itself). Returns the row and its plain test link code.
 */
export async function insertAssessment(
  server: TestServer,
  options: {
    clinicianId: string;
    patientId?: string;
    responses?: string;
    createdAt?: Date;
    consented?: boolean;
    finishedAt?: Date | null;
    scores?: unknown;
    /** The form given; `responses` must then have its length (100 for SF, 25 for BF, 36 for BFM). */
    form?: 'FULL' | 'SF' | 'BF' | 'BFM';
    /** The patient's age and gender as recorded with the test (default 34, Unspecified). */
    age?: number;
    gender?: 'Male' | 'Female' | 'Diverse' | 'Unspecified';
  },
): Promise<{ row: AssessmentRow; code: string }> {
  const link = server.running.app.deps.linkCodes.create();
  const code = link.code;
  const createdAt = options.createdAt ?? server.clock.now();
  const responses = options.responses ?? '9'.repeat(220);
  const terms = await findCurrentDocument(server.database.db, 'terms');
  const consent = await findCurrentDocument(server.database.db, 'consent');
  const [row] = await server.database.db
    .insert(assessments)
    .values({
      linkNonce: link.nonce,
      testCodeHash: link.codeHash,
      clinicianId: options.clinicianId,
      patientId: options.patientId ?? `P-${code.slice(0, 6)}`,
      age: options.age ?? 34,
      gender: options.gender ?? 'Unspecified',
      race: 'Unspecified',
      postalCode: '12345',
      country: 'United States',
      dsmCodes: ['F41.1', 'F32.0'],
      primaryDsm: 'F41.1',
      termsId: terms?.id ?? null,
      createdAt,
      dueAt: new Date(createdAt.getTime() + 30 * DAY_MS),
      consentId: options.consented ? (consent?.id ?? null) : null,
      consentAgreedAt: options.consented ? createdAt : null,
      responses,
      answeredCount: [...responses].filter((c) => c !== '9').length,
      finishedAt: options.finishedAt ?? null,
      scores: options.scores ?? null,
      form: options.form ?? 'FULL',
    })
    .returning();
  if (!row) {
    throw new Error('assessment insert returned nothing');
  }
  return { row, code };
}
