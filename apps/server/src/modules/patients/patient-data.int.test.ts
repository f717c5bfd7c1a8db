import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentList, TCredits, TPatientDataExport } from '@pid5/contract';
import { scoreResponses } from '@pid5/instrument';
import {
  answerChanges,
  assessmentPatientIds,
  assessments,
  auditEvents,
  erasures,
  patientShares,
} from '../../db/schema';
import { findCurrentDocument } from '../documents/documents.repo';
import { insertSeries } from '../retests/retests.repo';
import { createDemoResponses } from '@pid5/instrument';
import { grantOverApi } from '../../../test/assessment-api';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { sweepRetention } from './patient-retention';

// A patient's data as a whole (DESIGN.md "Erasure, access and retention") over real HTTP on the real database: the
// admin's export of everything stored, the erasure (every table, nobody else's tests, purchased tests still used,
// the audit log keeping who/what/when without the patient), and the retention sweep on the server's manual clock.

let server: TestServer;
let owner: SignedInUser;
let colleague: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;

const DAY = 24 * 3_600_000;
const ANSWERS = createDemoResponses({ seed: 5, targets: {}, baseline: 0.8 });

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  owner = await createSignedInClinician(server, 'owner');
  colleague = await createSignedInClinician(server, 'colleague');
  stranger = await createSignedInClinician(server, 'stranger');
  admin = await createSignedInAdmin(server);
  await grantOverApi(admin, owner.id, 10, 'patient data tests');
});

afterAll(async () => {
  await server?.close();
});

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text) as T;
}

/**
 * A patient of the owner with two tests: one submitted (scores frozen), one the patient consented to and answered
 * through the link (an answer change, audit rows with the patient's address); shared with a colleague and read by
 * the owner. Beside it: another patient of the owner, and the same identifier at another clinician.
 */
async function makePatient() {
  const patientId = `ER-${randomBytes(4).toString('hex')}`;
  const now = server.clock.now().getTime();
  const done = await insertAssessment(server, {
    clinicianId: owner.id,
    patientId,
    responses: ANSWERS,
    consented: true,
    createdAt: new Date(now - 40 * DAY),
    finishedAt: new Date(now - 39 * DAY),
    scores: scoreResponses(ANSWERS),
  });
  const open = await insertAssessment(server, { clinicianId: owner.id, patientId, consented: false });
  const patient = server.client();
  const consent = await findCurrentDocument(server.database.db, 'consent');
  const headers = { 'x-forwarded-for': '192.0.2.77' };
  expect(
    (
      await patient.fetch(`/api/patient/${open.code}/consent`, {
        method: 'POST',
        headers,
        json: { consentId: consent?.id },
      })
    ).status,
  ).toBe(200);
  expect(
    (await patient.fetch(`/api/patient/${open.code}/answers/3`, { method: 'PUT', headers, json: { value: 2 } })).status,
  ).toBe(200);
  expect(
    (await owner.client.post(`/api/assessments/${done.row.id}/patient/shares`, { granteeId: colleague.id })).status,
  ).toBe(200);
  expect((await owner.client.get(`/api/assessments/${done.row.id}`)).status).toBe(200);

  await insertSeries(server.database.db, {
    sourceAssessmentId: done.row.id,
    clinicianId: owner.id,
    everyWeeks: 4,
    times: 3,
    nextRunAt: new Date(now + 20 * DAY),
    email: 'retest.patient@example.org',
    emailMasked: 'r•••@example.org',
  });
  const otherPatient = await insertAssessment(server, { clinicianId: owner.id, patientId: `${patientId}-2` });
  const sameIdElsewhere = await insertAssessment(server, { clinicianId: stranger.id, patientId });
  return { patientId, done, open, otherPatient, sameIdElsewhere };
}

function exportPath(clinicianId: string, patientId: string): string {
  return `/api/admin/patients/export?${new URLSearchParams({ clinicianId, patientId }).toString()}`;
}

describe('the export of everything stored about a patient', () => {
  it('answers a JSON file with every administration, answer change, share and audit entry, and no link code', async () => {
    const p = await makePatient();
    const response = await admin.client.get(exportPath(owner.id, p.patientId));
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="patient-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.clone().text();
    const data = await json<TPatientDataExport>(response);

    expect(data.patientId).toBe(p.patientId);
    expect(data.clinician).toEqual({ id: owner.id, username: owner.username });
    expect(data.administrations.map((a) => a.id)).toEqual([p.open.row.id, p.done.row.id]);
    const [open, done] = data.administrations;
    expect(done).toMatchObject({
      form: 'FULL',
      age: 34,
      postalCode: '12345',
      diagnoses: ['F41.1', 'F32.0'],
      primaryDiagnosis: 'F41.1',
      responses: ANSWERS,
      finishedAt: p.done.row.finishedAt?.toISOString(),
      termsId: p.done.row.termsId,
      consentId: p.done.row.consentId,
    });
    // Self-describing: a format and its version, a legend for the answer codes, answers item by item, scores in the
    // results API's shape, the documents agreed to by version and text, the re-test series with its address.
    expect(data).toMatchObject({ format: 'pid5-patient-data', formatVersion: 2 });
    expect(Object.keys(data.answerLegend).sort()).toEqual(['0', '1', '2', '3', '9']);
    expect(data.answerLegend['3']).toMatch(/true/i);
    expect(done?.answers).toHaveLength(220);
    expect(done?.answers[0]).toEqual({ item: 1, value: Number(ANSWERS[0]) });
    expect(open?.answers[2]).toEqual({ item: 3, value: 2 });
    expect(open?.answers[0]).toEqual({ item: 1, value: null });
    const viewed = await json<Record<string, unknown>>(
      await admin.client.get(`/api/assessments/${p.done.row.id}/results`),
    );
    expect(done?.results).toMatchObject({
      assessmentId: p.done.row.id,
      domains: viewed.domains,
      facets: viewed.facets,
    });
    expect(done?.validityVerdict).toEqual(expect.objectContaining({ verdict: expect.any(String) }));
    expect(open).toMatchObject({ finishedAt: null, results: null, validityVerdict: null, answeredCount: 1 });
    const consent = data.documents.find((document) => document.id === open?.consentId);
    expect(consent).toMatchObject({ kind: 'consent', version: expect.any(Number), language: 'en' });
    expect(consent?.bodyHtml.length).toBeGreaterThan(20);
    expect(data.documents.map((document) => document.id)).toContain(done?.termsId);
    expect(data.retestSeries).toEqual([
      expect.objectContaining({
        sourceAssessmentId: p.done.row.id,
        everyWeeks: 4,
        email: 'retest.patient@example.org',
        runs: [],
      }),
    ]);
    expect(open?.consentAgreedAt).not.toBeNull();
    expect(data.answerChanges).toEqual([
      expect.objectContaining({ assessmentId: p.open.row.id, item: 3, oldValue: '9', newValue: '2', actor: 'patient' }),
    ]);
    expect(data.shares).toEqual([
      expect.objectContaining({ grantee: { id: colleague.id, username: colleague.username }, createdBy: owner.id }),
    ]);
    expect(data.auditEvents.map((e) => [e.action, e.assessmentId])).toEqual(
      expect.arrayContaining([
        ['assessment.consent', p.open.row.id],
        ['patient.share', p.done.row.id],
        ['assessment.view', p.done.row.id],
      ]),
    );
    expect(data.auditEvents.find((e) => e.action === 'assessment.consent')?.ip).toBe('192.0.2.77');

    // Never what opens the test: the link code, its nonce or hash.
    for (const secret of [p.open.code, p.done.code, p.open.row.linkNonce!, p.open.row.testCodeHash]) {
      expect(text).not.toContain(secret);
    }
    // Only this patient: not the owner's other patient, not the same identifier at another clinician.
    // (by test number: other ids in the file, a document's or a series', may equal those numbers).
    const others = [p.otherPatient.row.id, p.sameIdElsewhere.row.id];
    expect(data.administrations.map((a) => a.id)).not.toEqual(expect.arrayContaining([others[0]]));
    expect(data.administrations.map((a) => a.id)).not.toEqual(expect.arrayContaining([others[1]]));
    for (const other of others) {
      expect(text).not.toMatch(new RegExp(`"assessmentId":${other}[,}]`));
    }
  });

  it('is audited as patient.export on the newest test, with how many tests and never the identifier', async () => {
    const p = await makePatient();
    await json(await admin.client.get(exportPath(owner.id, p.patientId)));
    const [row] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'patient.export'))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(row).toMatchObject({
      actor: admin.id,
      assessmentId: p.open.row.id,
      details: { format: 'json', clinicianId: owner.id, tests: 2 },
    });
    expect(JSON.stringify(row)).not.toContain(p.patientId);
  });

  it('answers 404 for an identifier the clinician has no test with (exact identifier), and 400 without one', async () => {
    const p = await makePatient();
    const notFound = await json<{ error: { code: string; message: string } }>(
      await admin.client.get(exportPath(owner.id, p.patientId.toLowerCase())),
      404,
    );
    expect(notFound.error.message).toMatch(/no tests with this patient identifier/);
    await json(await admin.client.get(exportPath(stranger.id, `${p.patientId}-2`)), 404);
    await json(await admin.client.get(exportPath('no-such-clinician', p.patientId)), 404);
    const missing = await json<{ error: { fields: Record<string, string> } }>(
      await admin.client.get(`/api/admin/patients/export?clinicianId=${owner.id}`),
      400,
    );
    expect(missing.error.fields).toEqual({ patientId: 'Please type the patient identifier' });
  });

  it("refuses clinicians (403), and an admin in the clinician view another clinician's patient (403)", async () => {
    const p = await makePatient();
    await json(await owner.client.get(exportPath(owner.id, p.patientId)), 403);
    await json(await admin.client.put('/api/me/view-mode', { viewMode: 'clinician' }));
    try {
      const refused = await json<{ error: { message: string } }>(
        await admin.client.get(exportPath(owner.id, p.patientId)),
        403,
      );
      expect(refused.error.message).toMatch(/Switch to the admin view/);
    } finally {
      await json(await admin.client.put('/api/me/view-mode', { viewMode: 'admin' }));
    }
  });
});

async function countRows(p: Awaited<ReturnType<typeof makePatient>>) {
  const db = server.database.db;
  const ids = [p.done.row.id, p.open.row.id];
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    assessments: await count(db.select().from(assessments).where(inArray(assessments.id, ids))),
    searchKeys: await count(
      db.select().from(assessmentPatientIds).where(inArray(assessmentPatientIds.assessmentId, ids)),
    ),
    answerChanges: await count(db.select().from(answerChanges).where(inArray(answerChanges.assessmentId, ids))),
    shares: await count(db.select().from(patientShares).where(eq(patientShares.patientId, p.patientId))),
  };
}

async function dashboard(user: SignedInUser, status = 'all'): Promise<number> {
  return (await json<TAssessmentList>(await user.client.get(`/api/assessments?status=${status}`))).total;
}

describe('erasing a patient', () => {
  it('asks for the identifier twice: a different confirmation is a 400 that says so, and erases nothing', async () => {
    const p = await makePatient();
    const before = await countRows(p);
    const refused = await json<{ error: { code: string; message: string; fields: Record<string, string> } }>(
      await admin.client.post('/api/admin/patients/erase', {
        clinicianId: owner.id,
        patientId: p.patientId,
        confirmPatientId: `${p.patientId}x`,
      }),
      400,
    );
    expect(refused.error.code).toBe('VALIDATION_FAILED');
    expect(refused.error.fields).toEqual({
      confirmPatientId: 'Please type the patient identifier again, exactly as above, to confirm the erasure',
    });
    expect(await countRows(p)).toEqual(before);
    expect(before).toEqual({ assessments: 2, searchKeys: 2, answerChanges: 1, shares: 1 });
  });

  it("deletes the patient's rows in every table and nobody else's; purchased tests stay used; dashboard counts follow", async () => {
    const p = await makePatient();
    const credits = await json<TCredits>(await owner.client.get('/api/credits'));
    const [total, completed] = [await dashboard(owner), await dashboard(owner, 'completed')];

    const erased = await json<{ erasedTests: number }>(
      await admin.client.post('/api/admin/patients/erase', {
        clinicianId: owner.id,
        patientId: p.patientId,
        confirmPatientId: p.patientId,
      }),
    );
    expect(erased).toEqual({ erasedTests: 2 });
    expect(await countRows(p)).toEqual({ assessments: 0, searchKeys: 0, answerChanges: 0, shares: 0 });

    // Nobody else's: the owner's other patient and the same identifier at another clinician.
    const left = await server.database.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(inArray(assessments.id, [p.otherPatient.row.id, p.sameIdElsewhere.row.id]));
    expect(left).toHaveLength(2);
    await json(await admin.client.get(exportPath(stranger.id, p.patientId)));

    // The balance does not grow back: the erased tests are still used.
    const after = await json<TCredits>(await owner.client.get('/api/credits'));
    expect({ available: after.available, used: after.used, purchased: after.purchased }).toEqual({
      available: credits.available,
      used: credits.used,
      purchased: credits.purchased,
    });
    const users = await json<{ items: { id: string; used: number; available: number }[] }>(
      await admin.client.get('/api/admin/users'),
    );
    expect(users.items.find((u) => u.id === owner.id)).toMatchObject({
      used: credits.used,
      available: credits.available,
    });
    // The dashboard's kept counts (0012's triggers) lose exactly the erased tests.
    expect(await dashboard(owner)).toBe(total - 2);
    expect(await dashboard(owner, 'completed')).toBe(completed - 1);

    // Erased already: nothing left to erase or export.
    await json(
      await admin.client.post('/api/admin/patients/erase', {
        clinicianId: owner.id,
        patientId: p.patientId,
        confirmPatientId: p.patientId,
      }),
      404,
    );
    await json(await admin.client.get(exportPath(owner.id, p.patientId)), 404);
  });

  it("keeps the audit log's who, what and when about the tests, without details or the patient's address; records the erasure without the identifier", async () => {
    const p = await makePatient();
    const ids = [p.done.row.id, p.open.row.id];
    const db = server.database.db;
    const before = await db.select().from(auditEvents).where(inArray(auditEvents.assessmentId, ids));
    expect(before.some((row) => row.details !== null)).toBe(true);
    expect(before.some((row) => row.actor === 'patient' && row.ip === '192.0.2.77')).toBe(true);

    await json(
      await admin.client.fetch('/api/admin/patients/erase', {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.40' },
        json: { clinicianId: owner.id, patientId: p.patientId, confirmPatientId: p.patientId },
      }),
    );
    const after = await db.select().from(auditEvents).where(inArray(auditEvents.assessmentId, ids));
    expect(after.map((row) => [row.id, row.actor, row.action, row.assessmentId, row.at.toISOString()])).toEqual(
      before.map((row) => [row.id, row.actor, row.action, row.assessmentId, row.at.toISOString()]),
    );
    expect(after.every((row) => row.details === null)).toBe(true);
    expect(after.filter((row) => row.actor === 'patient').map((row) => row.ip)).toEqual(
      before.filter((row) => row.actor === 'patient').map(() => null),
    );
    expect(after.filter((row) => row.actor !== 'patient').map((row) => row.ip)).toEqual(
      before.filter((row) => row.actor !== 'patient').map((row) => row.ip),
    );

    const [erasure] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'patient.erase'))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(erasure).toMatchObject({
      actor: admin.id,
      assessmentId: null,
      ip: '198.51.100.40',
      details: { clinicianId: owner.id, tests: 2, reason: 'request' },
    });
    const log = JSON.stringify(await db.select().from(auditEvents));
    expect(log).not.toContain(p.patientId);
    const [ledger] = await db
      .select()
      .from(erasures)
      .where(eq(erasures.clinicianId, owner.id))
      .orderBy(sql`${erasures.id} desc`)
      .limit(1);
    expect(ledger).toMatchObject({ tests: 2, reason: 'request', erasedBy: admin.id });
  });

  it('answers 404 for an unknown patient, 403 for clinicians, 400 for a body without the identifier', async () => {
    const p = await makePatient();
    const body = { clinicianId: owner.id, patientId: p.patientId, confirmPatientId: p.patientId };
    await json(
      await admin.client.post('/api/admin/patients/erase', {
        ...body,
        clinicianId: stranger.id,
        patientId: `${p.patientId}-2`,
        confirmPatientId: `${p.patientId}-2`,
      }),
      404,
    );
    await json(await owner.client.post('/api/admin/patients/erase', body), 403);
    const invalid = await json<{ error: { fields: Record<string, string> } }>(
      await admin.client.post('/api/admin/patients/erase', { clinicianId: owner.id }),
      400,
    );
    expect(Object.keys(invalid.error.fields)).toContain('patientId');
    expect((await countRows(p)).assessments).toBe(2);
  });
});

describe('retention (RETENTION_YEARS)', () => {
  it('erases every patient last seen before the limit, as the actor retention, and nobody seen since; again finds nothing', async () => {
    const now = server.clock.now().getTime();
    const years = (n: number) => new Date(now - n * 365.25 * DAY);
    const old = await insertAssessment(server, {
      clinicianId: owner.id,
      patientId: `OLD-${randomBytes(3).toString('hex')}`,
      createdAt: years(3),
    });
    // Created long ago, finished recently enough: the later date counts.
    const finishedLater = await insertAssessment(server, {
      clinicianId: owner.id,
      patientId: `LATE-${randomBytes(3).toString('hex')}`,
      createdAt: years(3),
      responses: ANSWERS,
      consented: true,
      finishedAt: years(1),
      scores: scoreResponses(ANSWERS),
    });
    // An old test and a new one of the same patient: the newest decides.
    const keptId = `KEPT-${randomBytes(3).toString('hex')}`;
    const keptOld = await insertAssessment(server, { clinicianId: owner.id, patientId: keptId, createdAt: years(5) });
    await insertAssessment(server, { clinicianId: owner.id, patientId: keptId, createdAt: years(0.5) });
    const credits = await json<TCredits>(await owner.client.get('/api/credits'));

    const swept = await sweepRetention({ database: server.database, years: 2, now: server.clock.now() });
    expect(swept.patients).toBeGreaterThanOrEqual(1);
    const db = server.database.db;
    const present = async (id: number) =>
      (await db.select({ id: assessments.id }).from(assessments).where(eq(assessments.id, id))).length === 1;
    expect(await present(old.row.id)).toBe(false);
    expect(await present(finishedLater.row.id)).toBe(true);
    expect(await present(keptOld.row.id)).toBe(true);
    expect((await json<TCredits>(await owner.client.get('/api/credits'))).available).toBe(credits.available);

    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'patient.erase'))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ actor: 'retention', ip: null, details: { reason: 'retention', tests: 1 } });

    expect(await sweepRetention({ database: server.database, years: 2, now: server.clock.now() })).toEqual({
      patients: 0,
      tests: 0,
    });
    // The clock moves on: two years later the finished test's patient is past the limit too.
    server.clock.advance(2 * 365.25 * DAY);
    try {
      await sweepRetention({ database: server.database, years: 2, now: server.clock.now() });
      expect(await present(finishedLater.row.id)).toBe(false);
    } finally {
      server.clock.advance(-2 * 365.25 * DAY);
    }
  });
});

describe('the retention schedule', () => {
  async function withServer(env: Record<string, string>, check: (s: TestServer, clinicianId: string) => Promise<void>) {
    const scheduled = await startTestServer({ env, retentionSchedule: { firstAfterMs: 10, everyMs: 25 } });
    try {
      const clinician = await createSignedInClinician(scheduled);
      await check(scheduled, clinician.id);
    } finally {
      await scheduled.close();
    }
  }

  async function isGone(s: TestServer, id: number, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const rows = await s.database.db.select({ id: assessments.id }).from(assessments).where(eq(assessments.id, id));
      if (rows.length === 0) {
        return true;
      }
      if (Date.now() > deadline) {
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('runs when RETENTION_YEARS is set, on the server clock', async () => {
    await withServer({ RETENTION_YEARS: '1' }, async (s, clinicianId) => {
      const createdAt = new Date(s.clock.now().getTime() - 2 * 365.25 * DAY);
      const { row } = await insertAssessment(s, { clinicianId, createdAt });
      expect(await isGone(s, row.id, 10_000)).toBe(true);
    });
  });

  it('does not run without RETENTION_YEARS', async () => {
    await withServer({}, async (s, clinicianId) => {
      const createdAt = new Date(s.clock.now().getTime() - 20 * 365.25 * DAY);
      const { row } = await insertAssessment(s, { clinicianId, createdAt });
      expect(await isGone(s, row.id, 500)).toBe(false);
    });
  });
});
