import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdministrationComparison,
  TAssessmentResults,
  TPatientTimeline,
  TSharedWithMe,
  TShareResponse,
} from '@pid5/contract';
import { DOMAIN_KEYS, FACET_KEYS, FACETS, getFormFullItems, scoreResponses } from '@pid5/instrument';
import { createDemoResponses } from '@pid5/instrument';
import { auditEvents } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { pdfToText, pdfWords, rasterisePdf } from '../../../test/results-test-helpers';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';

// One patient over time over real HTTP on the real database: the identity rule (exact identifier within
// the owner's scope), the timeline, sharing (who may, what a colleague then sees and may not do, revoking), the
// comparison (validity first, same patient only, completed only) and the long CSV. The authorisation matrix
// (http/authorization-matrix.int.test.ts) covers every route for its callers, a shared reader among them; this file the share's life.

let server: TestServer;
let owner: SignedInUser;
let colleague: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;

const DAY = 24 * 3_600_000;
// Plausible protocols (a constant one is not interpretable for its pattern): low, then raised traits.
const LOW = createDemoResponses({ seed: 3, targets: {}, baseline: 0.4 });
const HIGH = createDemoResponses({ seed: 4, targets: {}, baseline: 1.3 });

beforeAll(async () => {
  server = await startTestServer();
  owner = await createSignedInClinician(server, 'owner');
  colleague = await createSignedInClinician(server, 'colleague');
  stranger = await createSignedInClinician(server, 'stranger');
  admin = await createSignedInAdmin(server);
});

afterAll(async () => {
  await server?.close();
});

/** Three administrations of one new patient of the owner (two completed, one open), and the same id at `stranger`. */
async function makePatient() {
  const patientId = `PT-${randomBytes(4).toString('hex')}`;
  const now = server.clock.now().getTime();
  const done = async (clinicianId: string, responses: string, daysAgo: number) =>
    (
      await insertAssessment(server, {
        clinicianId,
        patientId,
        responses,
        consented: true,
        createdAt: new Date(now - daysAgo * DAY),
        finishedAt: new Date(now - daysAgo * DAY + 3_600_000),
        scores: scoreResponses(responses),
      })
    ).row;
  const first = await done(owner.id, LOW, 90);
  const second = await done(owner.id, HIGH, 10);
  const open = (await insertAssessment(server, { clinicianId: owner.id, patientId, consented: true })).row;
  const strangers = await done(stranger.id, HIGH, 5);
  return { patientId, first, second, open, strangers };
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text) as T;
}

describe('the timeline', () => {
  it('lists every administration of the patient in the owner’s scope, newest first, and none of another clinician’s with the same identifier', async () => {
    const p = await makePatient();
    const timeline = await json<TPatientTimeline>(await owner.client.get(`/api/assessments/${p.first.id}/patient`));
    expect(timeline).toMatchObject({ patientId: p.patientId, access: 'owner', canShare: true, shares: [] });
    expect(timeline.administrations.map((a) => a.id)).toEqual([p.open.id, p.second.id, p.first.id]);
    expect(timeline.administrations[0]).toMatchObject({ form: 'FULL', status: 'not-started', validity: null });
    expect(timeline.administrations[1]).toMatchObject({
      status: 'completed',
      validity: { verdict: expect.any(String) },
    });
    expect(timeline.colleagues.map((c) => c.id)).toContain(colleague.id);
    expect(timeline.colleagues.map((c) => c.id)).not.toContain(owner.id);

    // The stranger uses the same identifier: their own patient, one administration.
    const theirs = await json<TPatientTimeline>(
      await stranger.client.get(`/api/assessments/${p.strangers.id}/patient`),
    );
    expect(theirs.administrations.map((a) => a.id)).toEqual([p.strangers.id]);
    expect((await stranger.client.get(`/api/assessments/${p.first.id}/patient`)).status).toBe(404);

    // An admin in the admin view sees the owner's patient (the owner's administrations: still the owner's patient).
    const asAdmin = await json<TPatientTimeline>(await admin.client.get(`/api/assessments/${p.second.id}/patient`));
    expect(asAdmin).toMatchObject({ access: 'admin', canShare: true, owner: { id: owner.id } });
    expect(asAdmin.administrations).toHaveLength(3);

    const [row] = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.timeline'), eq(auditEvents.assessmentId, p.first.id)));
    expect(row).toMatchObject({ actor: owner.id, details: { access: 'owner', administrations: 3 } });
    expect(JSON.stringify(row?.details)).not.toContain(p.patientId);
  });
});

describe('the trend over time', () => {
  it("gives each completed administration its domains' T (as its results) and no reliable change the comparison does not give", async () => {
    const p = await makePatient();
    const timeline = await json<TPatientTimeline>(await owner.client.get(`/api/assessments/${p.first.id}/patient`));
    const byId = new Map(timeline.administrations.map((a) => [a.id, a]));
    expect(byId.get(p.open.id)?.domains).toBeNull();
    for (const row of [p.first, p.second]) {
      const results = await json<TAssessmentResults>(await owner.client.get(`/api/assessments/${row.id}/results`));
      expect(byId.get(row.id)?.domains?.map((d) => [d.key, d.t, d.tText])).toEqual(
        results.domains.map((d) => [d.key, d.us?.t ?? null, d.us?.tText ?? null]),
      );
    }
    // The first has nothing before it; the second's marks are the comparison's own, domain by domain.
    expect(byId.get(p.first.id)?.domains?.every((d) => d.reliableChange === null)).toBe(true);
    const comparison = await json<TAdministrationComparison>(
      await owner.client.get(`/api/assessments/${p.second.id}/compare?with=${p.first.id}`),
    );
    const expected = comparison.isChangeInterpretable
      ? comparison.scales
          .filter((scale) => scale.kind === 'domain')
          .map((scale) => [scale.key, scale.reliableChange?.direction ?? null])
      : [];
    const marks = byId.get(p.second.id)?.domains?.map((d) => [d.key, d.reliableChange]) ?? [];
    const byKey = (a: (string | null)[], b: (string | null)[]) => String(a[0]).localeCompare(String(b[0]));
    expect((comparison.isChangeInterpretable ? marks : []).sort(byKey)).toEqual(expected.sort(byKey));
    expect(marks.filter(([, mark]) => mark !== null).length).toBe(comparison.isChangeInterpretable ? 5 : 0);
  });
});

describe('sharing a patient with a colleague', () => {
  it('lets the colleague read every administration (no test link), never extend or share; revoking ends it', async () => {
    const p = await makePatient();
    expect((await colleague.client.get(`/api/assessments/${p.second.id}`)).status).toBe(404);

    const shared = await json<TShareResponse>(
      await owner.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: colleague.id }),
    );
    expect(shared.shares.map((s) => s.grantee.id)).toEqual([colleague.id]);

    // The colleague finds the patient in their list of shared patients, with the newest test to open.
    const list = await json<TSharedWithMe>(await colleague.client.get('/api/patients/shared-with-me'));
    expect(list.items.find((item) => item.patientId === p.patientId)).toMatchObject({
      owner: { id: owner.id },
      administrations: 3,
      latestAssessmentId: p.open.id,
    });
    const ownersList = await json<TSharedWithMe>(await owner.client.get('/api/patients/shared-with-me'));
    expect(ownersList.items.some((item) => item.patientId === p.patientId)).toBe(false);

    // Reads: details without the link, results, both reports, the timeline, the comparison, the CSV.
    const details = await json<{ testLink: string | null }>(
      await colleague.client.get(`/api/assessments/${p.open.id}`),
    );
    expect(details.testLink).toBeNull();
    expect((await colleague.client.get(`/api/assessments/${p.second.id}/results`)).status).toBe(200);
    expect((await colleague.client.get(`/api/assessments/${p.second.id}/report.pdf?name=X`)).status).toBe(200);
    // The score report too (docs/decisions/0056-shared-reader-reports.md): the details page offers its button.
    expect((await colleague.client.get(`/api/assessments/${p.second.id}/score-report.pdf`)).status).toBe(200);
    const timeline = await json<TPatientTimeline>(await colleague.client.get(`/api/assessments/${p.first.id}/patient`));
    expect(timeline).toMatchObject({ access: 'shared', canShare: false, shares: [], colleagues: [] });
    expect(timeline.administrations).toHaveLength(3);
    expect((await colleague.client.get(`/api/assessments/${p.first.id}/compare?with=${p.second.id}`)).status).toBe(200);
    expect((await colleague.client.get(`/api/assessments/${p.first.id}/patient.csv`)).status).toBe(200);

    // Not: extend, share onwards, end a share, the stranger's patient with the same identifier, the dashboard list.
    const extend = await colleague.client.post(`/api/assessments/${p.open.id}/extend`);
    expect(extend.status).toBe(403);
    expect(await extend.text()).toMatch(/shared with you for reading/);
    const onwards = await colleague.client.post(`/api/assessments/${p.first.id}/patient/shares`, {
      granteeId: stranger.id,
    });
    expect(onwards.status).toBe(403);
    const revokeAsColleague = await colleague.client.post(`/api/assessments/${p.first.id}/patient/shares/revoke`, {
      granteeId: colleague.id,
    });
    expect(revokeAsColleague.status).toBe(403);
    expect((await colleague.client.get(`/api/assessments/${p.strangers.id}`)).status).toBe(404);
    const dashboard = await json<{ total: number }>(
      await colleague.client.get(`/api/assessments?search=${encodeURIComponent(p.patientId)}`),
    );
    expect(dashboard.total).toBe(0);

    // Revoked (the colleague's id in capitals names them too): back to 404 everywhere.
    const revoked = await json<TShareResponse>(
      await owner.client.post(`/api/assessments/${p.first.id}/patient/shares/revoke`, {
        granteeId: colleague.id.toUpperCase(),
      }),
    );
    expect(revoked.shares).toEqual([]);
    expect((await colleague.client.get(`/api/assessments/${p.second.id}`)).status).toBe(404);
    expect((await colleague.client.get(`/api/assessments/${p.first.id}/patient`)).status).toBe(404);
    expect((await colleague.client.get(`/api/assessments/${p.second.id}/score-report.pdf`)).status).toBe(404);
    const after = await json<TSharedWithMe>(await colleague.client.get('/api/patients/shared-with-me'));
    expect(after.items.some((item) => item.patientId === p.patientId)).toBe(false);

    const actions = await server.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, p.first.id), eq(auditEvents.actor, owner.id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['patient.share', 'patient.unshare']));
    expect(actions.find((a) => a.action === 'patient.unshare')?.details).toMatchObject({
      granteeId: colleague.id,
      wasShared: true,
    });
  });

  it('refuses an unknown colleague and the owner themself with a message; an admin may share; a stranger gets 404', async () => {
    const p = await makePatient();
    const unknown = await owner.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { granteeId: expect.any(String) } },
    });
    const self = await owner.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: owner.id });
    expect(self.status).toBe(400);
    const empty = await owner.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: ' ' });
    expect(empty.status).toBe(400);
    expect(
      (await stranger.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: stranger.id })).status,
    ).toBe(404);

    const byAdmin = await json<TShareResponse>(
      await admin.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: colleague.id }),
    );
    expect(byAdmin.shares.map((s) => s.grantee.id)).toEqual([colleague.id]);
    // Sharing twice keeps one share.
    await json(await owner.client.post(`/api/assessments/${p.first.id}/patient/shares`, { granteeId: colleague.id }));
    const timeline = await json<TPatientTimeline>(await owner.client.get(`/api/assessments/${p.first.id}/patient`));
    expect(timeline.shares.map((s) => s.grantee.id)).toEqual([colleague.id]);
  });
});

describe('the validity words in the reader’s language', () => {
  it('answers the timeline’s and the comparison’s validity sentences in German for Accept-Language de', async () => {
    const p = await makePatient();
    const de = { headers: { 'accept-language': 'de-DE' } };
    const timeline = await json<TPatientTimeline>(await owner.client.get(`/api/assessments/${p.first.id}/patient`, de));
    const english = await json<TPatientTimeline>(await owner.client.get(`/api/assessments/${p.first.id}/patient`));
    const completed = timeline.administrations.filter((a) => a.validity !== null);
    expect(completed.map((a) => a.validity?.verdict)).toEqual(
      english.administrations.filter((a) => a.validity !== null).map((a) => a.validity?.verdict),
    );
    for (const administration of completed) {
      expect(administration.validity?.summary).toMatch(/^(Valide|Mit Vorsicht interpretieren|Nicht interpretierbar):/);
    }
    const comparison = await json<TAdministrationComparison>(
      await owner.client.get(`/api/assessments/${p.second.id}/compare?with=${p.first.id}`, de),
    );
    expect(comparison.formsStatement).toMatch(/^Beide Testungen verwendeten die Vollversion/);
    expect(comparison.rciRule).toMatch(/^Reliable-Change-Index/);
    expect(comparison.first.validity.summary).toMatch(/^(Valide|Mit Vorsicht interpretieren|Nicht interpretierbar):/);
    const pdf = await owner.client.get(`/api/assessments/${p.second.id}/compare.pdf?with=${p.first.id}&tz=UTC`, de);
    const text = (await pdfToText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Beide Testungen verwendeten die Vollversion');
    expect(text).not.toContain('Both administrations');
    // The chart legend's items follow each other by their width: "Mittelgradig ab hier" ends before "Hoch ab hier".
    const comparisonPdf = new Uint8Array(
      await (
        await owner.client.get(`/api/assessments/${p.second.id}/compare.pdf?with=${p.first.id}&tz=UTC`, de)
      ).arrayBuffer(),
    );
    // The chart is on page 1 or, after a longer validity section, page 2.
    const words = [...(await pdfWords(comparisonPdf, 1)), ...(await pdfWords(comparisonPdf, 2))];
    const at = words.findIndex((w, i) => w.text === 'Mittelgradig' && words[i + 3]?.text === 'Hoch');
    expect(at).toBeGreaterThan(-1);
    expect(words[at + 3]!.x - words[at + 2]!.x).toBeGreaterThan(20);
  });
});

describe('comparing two administrations', () => {
  it('puts the earlier first, compares every scale, and says how validity stands before any change', async () => {
    const p = await makePatient();
    const comparison = await json<TAdministrationComparison>(
      await owner.client.get(`/api/assessments/${p.second.id}/compare?with=${p.first.id}`),
    );
    expect(comparison.first.id).toBe(p.first.id);
    expect(comparison.second.id).toBe(p.second.id);
    expect(comparison.isSameForm).toBe(true);
    expect(comparison.scales).toHaveLength(30);
    const anx = comparison.scales.find((s) => s.key === 'Anx')!;
    const [low, high] = [scoreResponses(LOW).facets.Anx.score!, scoreResponses(HIGH).facets.Anx.score!];
    expect(low).not.toBe(high);
    expect(anx.first.score).toBe(low);
    expect(anx.second.score).toBe(high);
    expect(anx.scoreDifference).toBeCloseTo(high - low, 12);
    // Full form: no published per-scale reliability was available, so no significance claim, and it says why.
    // Full form: no value read for the facet, so the cited average over the full form's facets, marked as such.
    expect(anx.reliableChange).toMatchObject({
      r: 0.76,
      source: { id: 'fang2021-full-undergraduates', basis: 'form-average' },
    });
    expect(anx.noReliableChangeReason).toBeNull();
    expect(comparison.validityStatement.length).toBeGreaterThan(0);
  });

  it('refuses tests of different patients, unfinished tests, the same test twice, and another clinician’s test', async () => {
    const p = await makePatient();
    const other = await makePatient();
    const different = await owner.client.get(`/api/assessments/${p.first.id}/compare?with=${other.first.id}`);
    expect(different.status).toBe(400);
    expect((await owner.client.get(`/api/assessments/${p.first.id}/compare?with=${p.open.id}`)).status).toBe(409);
    expect((await owner.client.get(`/api/assessments/${p.first.id}/compare?with=${p.first.id}`)).status).toBe(400);
    expect((await owner.client.get(`/api/assessments/${p.first.id}/compare?with=${p.strangers.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/assessments/${p.first.id}/compare?with=abc`)).status).toBe(400);
    expect((await owner.client.get(`/api/assessments/${p.first.id}/compare`)).status).toBe(400);
  });
});

describe('the comparison as a PDF', () => {
  it('prints validity first, every scale with its change, the reasons, and draws cleanly', async () => {
    const p = await makePatient();
    const response = await owner.client.get(`/api/assessments/${p.second.id}/compare.pdf?with=${p.first.id}&tz=UTC`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await response.arrayBuffer());
    const text = (await pdfToText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Comparison of Two Tests');
    expect(text).toContain(`Patient ID: ${p.patientId}`);
    expect(text.indexOf('Validity')).toBeLessThan(text.indexOf('Profile in US T scores'));
    expect(text.indexOf('Profile in US T scores')).toBeLessThan(text.indexOf('Scores and change'));
    expect(text).toContain('Anxiousness');
    expect(text).toContain('Psychoticism');
    // Every scale now has a cited reliability (its own or the form average): none is left unassessed.
    expect(text).not.toMatch(/Not assessed/);
    expect(text).toContain('Fang');
    expect(text).toContain('form average');
    expect(text).toContain('Jacobson & Truax');
    // A clinician's document: not the patient's report notice; dates written out like the other reports'.
    expect(text).toContain('Clinician’s comparison of two PID-5 tests of one patient.');
    expect(text).not.toContain('For the respondent and their clinician');
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect((await rasterisePdf(pdf)).complaints).toBe('');

    const refused = await stranger.client.get(`/api/assessments/${p.second.id}/compare.pdf?with=${p.first.id}`);
    expect(refused.status).toBe(404);
    const [row] = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.compare'), eq(auditEvents.assessmentId, p.second.id)));
    expect(row?.details).toMatchObject({ format: 'pdf', withId: p.first.id });
  });

  it('prints reliable change with its cited reliability for two short forms', async () => {
    const patientId = `PT-SF-${randomBytes(4).toString('hex')}`;
    const now = server.clock.now().getTime();
    const sf = async (responses: string, daysAgo: number) =>
      (
        await insertAssessment(server, {
          clinicianId: owner.id,
          patientId,
          form: 'SF',
          responses,
          consented: true,
          createdAt: new Date(now - daysAgo * DAY),
          finishedAt: new Date(now - daysAgo * DAY + 3_600_000),
          scores: scoreResponses(responses, { form: 'SF' }),
        })
      ).row;
    // Plausible short forms with Irresponsibility answered 0, then 2 (constant ones are not interpretable).
    const sfItems = getFormFullItems('SF');
    const irr = new Set(FACETS.find((f) => f.key === 'Irr')!.items);
    const shortWithIrr = (seed: number, value: string) =>
      sfItems.map((item) => (irr.has(item) ? value : createDemoResponses({ seed })[item - 1]!)).join('');
    const earlier = await sf(shortWithIrr(3, '0'), 60);
    const later = await sf(shortWithIrr(4, '2'), 5);
    const response = await owner.client.get(`/api/assessments/${later.id}/compare.pdf?with=${earlier.id}&tz=UTC`);
    expect(response.status).toBe(200);
    const pdf = new Uint8Array(await response.arrayBuffer());
    const text = (await pdfToText(pdf)).replace(/\s+/g, ' ');
    // The two short-form scales with a published reliability (Thimm, Jordan & Bach 2016) get a mark; the others say why not.
    expect(text).toContain('Thimm');
    expect(text).toContain('Perceptual Dysregulation');
    // The row's first line (the German T and its interval are on the lines under each T).
    const rows = (await pdfToText(pdf, { layout: true })).split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(rows.find((line) => line.startsWith('Irresponsibility 0.00'))).toMatch(
      /Irresponsibility 0\.00 \d+ 2\.00 \d+ \+2\.00 \+\d+ Reliably higher; RCI/,
    );
    expect(text).toMatch(/Reliably higher; RCI \+[\d.]+, r = 0\.59/);
    expect(text).toContain('form average');
    expect((await rasterisePdf(pdf)).complaints).toBe('');
  });
});

describe('the long CSV', () => {
  it('has one row per completed administration and scale, with the guard and no unfinished test', async () => {
    const p = await makePatient();
    const response = await owner.client.get(`/api/assessments/${p.first.id}/patient.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Patient ID,Clinician ID,Assessment ID,Form,/);
    expect(lines).toHaveLength(1 + 2 * 30);
    const ids = new Set(lines.slice(1).map((line) => line.split(',')[2]));
    expect(ids).toEqual(new Set([String(p.first.id), String(p.second.id)]));
    expect(lines[1]).toContain(`${p.patientId},${owner.id},`);
    expect(text).not.toContain(String(p.strangers.id) + ',FULL');
    // Each administration's scales in the instrument's order, not the stored jsonb's sorted keys (Antag first).
    const keyColumn = lines[0]!.split(',').indexOf('Scale Key');
    const keysOf = (id: number) =>
      lines
        .slice(1)
        .map((line) => line.split(','))
        .filter((cells) => cells[2] === String(id))
        .map((cells) => cells[keyColumn]);
    expect(keysOf(p.first.id)).toEqual([...FACET_KEYS, ...DOMAIN_KEYS]);
  });
});
