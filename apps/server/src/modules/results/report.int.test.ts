import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatLevel, type TAssessmentResults } from '@pid5/contract';
import { auditEvents } from '../../db/schema';
import { createDemoResponses } from '@pid5/instrument';
import { FOOTER_NOTICE, PATIENT_VALIDITY, SECTION_TITLES } from '../../reports/report-wording';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createSubmittedAssessment, pdfToText, splitPages } from '../../../test/results-test-helpers';

const INSTITUTE = 'Institut für Persönlichkeitsforschung';
let server: TestServer;
let clinician: SignedInUser;
let admin: SignedInUser;
let completedId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { INSTITUTE_NAME: INSTITUTE, REPORT_COPYRIGHT_YEAR: '2031' } });
  server.clock.set(new Date('2026-01-15T12:00:00Z'));
  [clinician, admin] = await Promise.all([createSignedInClinician(server), createSignedInAdmin(server)]);
  completedId = await createSubmittedAssessment(server, {
    clinicianId: clinician.id,
    responses: createDemoResponses({ seed: 3 }),
  });
});
afterAll(async () => {
  await server.close();
});

async function downloadReport(
  user: SignedInUser,
  id: number,
  query: Record<string, string> = {},
  headers: Record<string, string> = { 'accept-language': 'en-US,en;q=0.8' },
) {
  const search = new URLSearchParams(query).toString();
  return user.client.get(`/api/assessments/${id}/report.pdf${search ? `?${search}` : ''}`, { headers });
}

async function reportText(response: Response, options: { layout?: boolean } = {}): Promise<string> {
  expect(response.status).toBe(200);
  return pdfToText(new Uint8Array(await response.arrayBuffer()), options);
}

/** The line with the header of the report: "Name: …". */
function nameLine(text: string): string | undefined {
  return text.split('\n').find((line) => line.startsWith('Name: '));
}

describe('GET /api/assessments/{id}/report.pdf', () => {
  it('downloads report.pdf with the name, the date, every section in order and a footer on every page', async () => {
    const response = await downloadReport(clinician, completedId, { name: '  Jane Doe  ' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pid5-report-test-\d+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await reportText(response);

    expect(nameLine(text)).toBe('Name: Jane Doe');
    expect(text).toContain('Date: January 15, 2026');
    expect(text).toContain('Personality Profile');
    const headings = [
      SECTION_TITLES.understanding,
      SECTION_TITLES.domains,
      SECTION_TITLES.facets,
      SECTION_TITLES.navigating,
      SECTION_TITLES.about,
    ];
    const positions = headings.map((heading) => text.indexOf(heading));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const level of ['Mild', 'Moderate', 'High']) {
      expect(text).toContain(level);
    }
    // The full form's page 1 explains its domains and facets (the brief form's explains no facets: forms.int.test.ts).
    expect(text).toContain('Trait facets');
    expect(text.replace(/\s+/g, ' ')).toContain('Each domain brings together three closely related facets');

    const pages = splitPages(text);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page, `page ${index + 1}`).toContain(`© 2031 ${INSTITUTE}`);
      expect(page.replace(/\s+/g, ' '), `page ${index + 1}`).toContain(FOOTER_NOTICE);
    });
    expect(text.toLowerCase()).not.toContain('informant');
    // The patient's report holds nothing a patient cannot use: no z, validity arithmetic, cut-offs, sources,
    // versions or repository commits (the score report and the CSV dictionary have them).
    for (const clinical of [
      'German',
      'standardised',
      ' z ',
      'percentile',
      'INC',
      'cut-off',
      'Markon',
      'Zimmermann',
      'et al.',
      'hitop',
      'Version',
      'scoring-',
      'pid5-',
      'demo-en',
      'Krueger',
    ]) {
      expect(text, clinical).not.toContain(clinical);
    }
    expect(text).not.toMatch(/@ ?[0-9a-f]{7}/);

    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, completedId), eq(auditEvents.action, 'assessment.report')));
    expect(audit.at(-1)).toMatchObject({
      actor: clinician.id,
      details: { view: 'clinician', isAnonymous: false, locale: 'en-US' },
    });
    // The audit log records that a name was printed, never the name.
    expect(JSON.stringify(audit)).not.toContain('Jane');
  });

  it("prints all 30 scales' T and level exactly as the results page formats them", async () => {
    const results = (await (
      await clinician.client.get(`/api/assessments/${completedId}/results`)
    ).json()) as TAssessmentResults;
    const lines = (
      await reportText(await downloadReport(clinician, completedId, { name: 'Jane Doe' }), { layout: true })
    )
      .split('\n')
      .map((line) => line.trim());
    const scales = [...results.domains, ...results.facets];
    expect(scales).toHaveLength(30);
    for (const scale of scales) {
      const numbers = `${scale.us?.tText} ${formatLevel(scale)}`;
      const row = lines.find((line) => line.startsWith(`${scale.key} `) && line.replace(/\s+/g, ' ').includes(numbers));
      expect(row, `${scale.key}: ${numbers}`).toBeDefined();
    }
    // Below Mild the results' own word, never a dash.
    expect(lines.join('\n')).toContain('Not elevated');
  });

  it('says first on page 1, in plain words, that a valid protocol can be read', async () => {
    const pages = splitPages(await reportText(await downloadReport(clinician, completedId, { name: 'Jane Doe' })));
    const first = (pages[0] ?? '').replace(/\s+/g, ' ');
    expect(first).toContain(PATIENT_VALIDITY.validTitle);
    expect(first).toContain(PATIENT_VALIDITY.valid);
    expect(first.indexOf(PATIENT_VALIDITY.validTitle)).toBeLessThan(first.indexOf(SECTION_TITLES.understanding));
  });

  it('prints no profile for an inconsistent protocol: one page that says why in plain words and what happens next', async () => {
    // Alternating 0-1-2-3: INC far above 17, the norm sample's exclusion.
    const id = await createSubmittedAssessment(server, { clinicianId: clinician.id, responses: '0123'.repeat(55) });
    const text = await reportText(await downloadReport(clinician, id, { name: 'Jane Doe' }));
    const pages = splitPages(text);
    expect(pages).toHaveLength(1);
    const first = (pages[0] ?? '').replace(/\s+/g, ' ');
    expect(first).toContain(PATIENT_VALIDITY.noProfileTitle);
    expect(first).toContain(PATIENT_VALIDITY.noProfile);
    expect(first).toContain(PATIENT_VALIDITY.reasons.INCONSISTENT);
    expect(first).toContain(PATIENT_VALIDITY.noProfileNext);
    for (const profile of [SECTION_TITLES.domains, SECTION_TITLES.facets, 'T score', 'Your level', 'Mild', 'INC']) {
      expect(first, profile).not.toContain(profile);
    }
  });

  it('prints accented and Cyrillic names as typed', async () => {
    const text = await reportText(await downloadReport(clinician, completedId, { name: 'Zoë Ångström Жанна' }));
    expect(nameLine(text)).toBe('Name: Zoë Ångström Жанна');
  });

  it('prints markup as plain text and drops control characters', async () => {
    const name = '<b>Eve</b>\u0007 <script>x</script>\u202e Smith\n';
    const text = await reportText(await downloadReport(clinician, completedId, { name }));
    expect(nameLine(text)).toBe('Name: <b>Eve</b> <script>x</script> Smith');
  });

  it("prints 'Anonymous' for a name that is empty after trimming, and for an admin whatever the name", async () => {
    const blank = await reportText(await downloadReport(clinician, completedId, { name: ' \t ' }));
    expect(nameLine(blank)).toBe('Name: Anonymous');

    const response = await downloadReport(admin, completedId, { name: 'Jane Doe' });
    const text = await reportText(response);
    expect(nameLine(text)).toBe('Name: Anonymous');
    expect(text).not.toContain('Jane Doe');
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, admin.id), eq(auditEvents.action, 'assessment.report')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ assessmentId: completedId, details: { view: 'admin', isAnonymous: true } });
  });

  it("formats the date in the test's language, in the requester's regional form and time zone, falling back safely", async () => {
    // The report speaks the test's language (English here), its date too, whatever the reader's language.
    const german = await reportText(await downloadReport(clinician, completedId, {}, { 'accept-language': 'de-DE' }));
    expect(german).toContain('Date: 15 January 2026');
    const fallback = await reportText(
      await downloadReport(clinician, completedId, {}, { 'accept-language': 'ja-JP, fr;q=0.5, en-US;q=0.3' }),
    );
    expect(fallback).toContain('Date: January 15, 2026');
    const none = await reportText(await downloadReport(clinician, completedId, {}, {}));
    expect(none).toContain('Date: 15 January 2026');
    // 12:00 UTC is already 02:00 on the 16th at UTC+14.
    const kiribati = await reportText(
      await downloadReport(clinician, completedId, { tz: 'Pacific/Kiritimati' }, { 'accept-language': 'en-US' }),
    );
    expect(kiribati).toContain('Date: January 16, 2026');
    const unknownZone = await reportText(
      await downloadReport(clinician, completedId, { tz: 'Mars/Olympus' }, { 'accept-language': 'en-US' }),
    );
    expect(unknownZone).toContain('Date: January 15, 2026');
  });

  it('refuses a name longer than 100 characters with 400', async () => {
    const response = await downloadReport(clinician, completedId, { name: 'x'.repeat(101) });
    expect(response.status).toBe(400);
    expect(await readError(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: expect.any(String) },
    });
    const accented = 'é'.repeat(100);
    expect((await downloadReport(clinician, completedId, { name: accented.normalize('NFD') })).status).toBe(200);
  });

  it('refuses a name the report font cannot print with 400 naming the characters', async () => {
    const response = await downloadReport(clinician, completedId, { name: '王小明' });
    expect(response.status).toBe(400);
    const error = await readError(response);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: error.message } });
    expect(error.message).toMatch(/^The report cannot print 王 小 明: /);
    expect((await downloadReport(clinician, completedId, { name: 'דוד כהן محمد' })).status).toBe(200);
  });

  it('answers 409 TEST_INCOMPLETE for an unfinished test, also for an admin', async () => {
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses: createDemoResponses().slice(0, 200) + '9'.repeat(20),
    });
    for (const user of [clinician, admin]) {
      const response = await downloadReport(user, row.id, { name: 'Jane Doe' });
      expect(response.status).toBe(409);
      const error = await readError(response);
      expect(error.code).toBe('TEST_INCOMPLETE');
      expect(error.message).toMatch(/not finished/);
    }
  });

  it("answers 404 for another clinician's test and for an unknown id, 400 for a malformed id", async () => {
    const other = await createSignedInClinician(server);
    expect((await downloadReport(other, completedId)).status).toBe(404);
    expect((await downloadReport(clinician, 987654321)).status).toBe(404);
    const malformed = await clinician.client.get('/api/assessments/report/report.pdf');
    expect(malformed.status).toBe(400);
    expect((await server.client().get(`/api/assessments/${completedId}/report.pdf`)).status).toBe(401);
  });

  it("keeps drawing another clinician's report while one clinician asks for 40 at once; refusals say when to retry", async () => {
    const other = await createSignedInClinician(server);
    const othersTest = await createSubmittedAssessment(server, {
      clinicianId: other.id,
      responses: createDemoResponses({ seed: 5 }),
    });
    const flood = Array.from({ length: 40 }, () => downloadReport(clinician, completedId, { name: 'Jane Doe' }));
    // Once the server starts refusing the flood, the other clinician asks for one report.
    await new Promise<void>((resolve) => {
      let settled = 0;
      for (const request of flood) {
        void request.then((response) => {
          settled += 1;
          if (response.status === 503 || settled === flood.length) {
            resolve();
          }
        });
      }
    });
    const othersReport = await downloadReport(other, othersTest, { name: 'John Roe' });
    expect(othersReport.status).toBe(200);
    expect(nameLine(await reportText(othersReport))).toBe('Name: John Roe');

    const responses = await Promise.all(flood);
    const refused = responses.filter((response) => response.status === 503);
    expect(responses.filter((response) => response.status === 200).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(responses.every((response) => response.status === 200 || response.status === 503)).toBe(true);
    for (const response of refused) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await readError(response)).code).toBe('SERVICE_UNAVAILABLE');
    }
    await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.arrayBuffer()));
  });

  it('draws several reports at once while answering other requests', async () => {
    // That drawing stays off the event loop is measured in reports/pdf-pool.int.test.ts; here, through HTTP,
    // concurrent downloads all succeed and a request made meanwhile is answered.
    const reports = Array.from({ length: 4 }, () => downloadReport(clinician, completedId, { name: 'Jane Doe' }));
    expect((await clinician.client.get('/api/me')).status).toBe(200);
    const responses = await Promise.all(reports);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const texts = await Promise.all(responses.map((r) => reportText(r)));
    expect(texts.every((text) => nameLine(text) === 'Name: Jane Doe')).toBe(true);
  });
});
