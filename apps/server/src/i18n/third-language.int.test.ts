import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, removeLanguageFolder } from '@pid5/i18n';
import type { TAssessmentResults } from '@pid5/contract';
import { DOMAIN_KEYS, FACET_KEYS, removeComparisonWording, removeValidityWording } from '@pid5/instrument';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../test/factories';
import { createTestOver, grantOverApi, openAsPatientOver } from '../../test/assessment-api';
import { englishOutsideMarkers, writePseudoLanguage } from '@pid5/i18n/pseudo-language';
import { smtpSinkEnv, startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../test/test-server';
import { pdfToText } from '../../test/results-test-helpers';

// A third language made of files only (packages/i18n/README.md "Adding a language"): the pseudo-locale of every
// English file written into a LANGUAGES_FOLDER, no code changed. Everything a person reads in it must come from its
// files: any run of plain English words outside the names and citations allowed below is a fallback.

const INSTITUTE = 'Klinik Nord';
/** Words that stay as written in every language: names, and the citations of the sources. */
const ALLOWED = [INSTITUTE, 'Personality Inventory for DSM-5'];

let folder: string;
let code: string;
let smtp: SmtpSink;
let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'pid5-languages-'));
  code = writePseudoLanguage(folder);
  smtp = await startSmtpSink();
  server = await startTestServer({
    env: {
      ...smtpSinkEnv(smtp, `${INSTITUTE} <noreply@klinik.example>`),
      INSTITUTE_NAME: INSTITUTE,
      LANGUAGES_FOLDER: folder,
    },
  });
  clinician = await createSignedInClinician(server);
  await grantOverApi(await createSignedInAdmin(server), clinician.id, 10);
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
  // The files' language leaves the registries this worker's other test files share.
  removeLanguageFolder(folder);
  removeValidityWording(code);
  removeComparisonWording(code);
  rmSync(folder, { recursive: true, force: true });
});

function expectNoEnglish(text: string, allowed: readonly string[] = []) {
  expect(englishOutsideMarkers(text, [...ALLOWED, ...allowed])).toEqual([]);
}

describe('a language added as files only', () => {
  it('passes the catalogue check, which covers every home of its words', async () => {
    const check = spawnSync(process.execPath, ['scripts/check-catalogues.mjs', folder], {
      cwd: new URL('../../../../', import.meta.url),
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(LANGUAGES).toContain(code);
  });

  it("is offered to clinicians, and the patient's pages are in it: consent, items, answers", async () => {
    const created = await createTestOver(server, clinician, { language: code, form: 'BF' });
    const consent = await (await server.client().get(`/api/patient/${created.code}/consent`)).text();
    expectNoEnglish(consent.replace(/<[^>]+>/g, ' '));
    const { test } = await openAsPatientOver(server, created.code);
    expect(test.language).toBe(code);
    const shown = JSON.stringify({
      items: test.itemSet?.items,
      answers: test.itemSet?.answerLabels,
      title: test.itemSet?.title,
    });
    expect(shown).toContain('⟦');
    expectNoEnglish(shown.replace(/"\w+":/g, ' '));
  });

  it("writes both PDFs in it: the patient's report and the clinician's score report", async () => {
    const created = await createTestOver(server, clinician, { language: code, form: 'BF' });
    const { patient } = await openAsPatientOver(server, created.code);
    const answers = Array.from({ length: 25 }, (_, item) => ({ item: item + 1, value: item % 4 }));
    expect((await patient.post(`/api/patient/${created.code}/answers`, { answers })).status).toBe(200);
    expect((await patient.post(`/api/patient/${created.code}/submit`)).status).toBe(200);
    const results = (await (
      await clinician.client.get(`/api/assessments/${created.id}/results`)
    ).json()) as TAssessmentResults;
    // The norm tables are cited as published, and the score report names each scale by its code too.
    const citations = [
      results.normTables?.source,
      results.norms?.srf.source,
      results.norms?.irf.source,
      results.germanNorms?.citation,
      results.germanNorms?.attribution,
    ].filter((citation): citation is string => citation !== undefined);
    expect(citations.length).toBeGreaterThan(0);
    const headers = { 'accept-language': code };
    for (const [pdf, allowed] of [
      ['report.pdf', []],
      ['score-report.pdf', [...citations, ...DOMAIN_KEYS, ...FACET_KEYS]],
    ] as const) {
      const response = await clinician.client.get(`/api/assessments/${created.id}/${pdf}?tz=UTC`, { headers });
      expect(response.status, pdf).toBe(200);
      const text = await pdfToText(new Uint8Array(await response.arrayBuffer()));
      expect(text, pdf).toContain('⟦');
      expectNoEnglish(text, allowed);
    }
  });

  it('sends the invitation in it, and its opt-out page speaks it', async () => {
    const created = await createTestOver(server, clinician, { language: code, form: 'BF' });
    const sent = await clinician.client.post(`/api/assessments/${created.id}/invitation`, { email: 'ana@example.org' });
    expect(sent.status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes('ana@example.org'));
    expectNoEnglish(`${mail?.subject}\n${mail?.text}\n${String(mail?.html).replace(/<[^>]+>/g, ' ')}`);
    const optOut = /<([^>]+)>/.exec(String(mail?.headers.get('list-unsubscribe')))?.[1] ?? '';
    const page = await (await fetch(optOut)).text();
    expect(page).toContain(`<html lang="${code}">`);
    expectNoEnglish(page.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' '));
  });

  it('writes the CSV data dictionary in it (the column names stay as they are)', async () => {
    const response = await clinician.client.get('/api/assessments/export-dictionary.csv', {
      headers: { 'accept-language': code },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('⟦');
    const rows = text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => (m[1] ?? '').replace(/^"|"$/g, '')));
    // The column names stay English (a spreadsheet's formulas name them), and the meaning of a column repeats its
    // name; the Source column cites where a value comes from (the norm tables' own citation).
    const names = rows.flatMap((row) => [
      row[0] ?? '',
      ...[...(row[0] ?? '').matchAll(/\(([^)]+)\)/g)].map((m) => m[1] ?? ''),
    ]);
    expectNoEnglish(rows.map((row) => `${row[1]}\n${row[2]}`).join('\n'), names);
  });

  it('hands the pages its name and its catalogues, compiled, with every English key (the build did not bundle it)', async () => {
    const client = server.client();
    const list = (await (await client.get('/api/languages')).json()) as {
      languages: { code: string; name: string; letterLocale: string }[];
    };
    expect(list.languages.map((l) => l.code)).toEqual(['en', 'de', code]);
    expect(list.languages.find((l) => l.code === code)).toMatchObject({
      name: expect.stringContaining('⟦'),
      letterLocale: 'fr-FR',
    });
    for (const area of ['staff', 'results', 'respondent']) {
      const response = await client.get(`/api/languages/${code}/catalogues/${area}`);
      expect(response.status, area).toBe(200);
      const catalogue = (await response.json()) as Record<string, unknown>;
      const english = (await (await client.get(`/api/languages/en/catalogues/${area}`)).json()) as Record<
        string,
        unknown
      >;
      expect(Object.keys(catalogue).sort(), area).toEqual(Object.keys(english).sort());
      // Compiled as the build compiles: a placeholder is a part of its own, never `{name}` left in a text.
      const texts = JSON.stringify(catalogue);
      expect(texts, area).toContain('⟦');
      expectNoEnglish(
        Object.values(catalogue)
          .flatMap((message) => (Array.isArray(message) ? message : [message]))
          .filter((part): part is string => typeof part === 'string')
          .join('\n'),
      );
    }
    const unknown = await client.get('/api/languages/xx/catalogues/staff');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(code);
    expect((await client.get(`/api/languages/${code}/catalogues/report`)).status).toBe(400);
  });
});
