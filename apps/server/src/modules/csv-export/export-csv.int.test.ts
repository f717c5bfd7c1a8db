import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { DOMAINS, FACETS, scoreResponses, type ScoreResult } from '@pid5/instrument';
import { assessments, auditEvents } from '../../db/schema';
import { EXPORT_VALIDITY_KEYS } from './export-values';
import { SCORE_VALUE_PATHS } from '../../db/score-values';
import { hashToken } from '../../lib/tokens';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician } from '../../../test/factories';
import { formulaCells, readLikeSpreadsheet } from '../../../test/spreadsheet-csv';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createSubmittedAssessment } from '../../../test/results-test-helpers';
import { formatCsvPercentile as formatPercentileForCsv } from './export-columns';
import { CSV_HEADERS } from './export-csv';
import { exportRowShapeFor, listAssessmentsAfter } from '../assessments/assessments.repo';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** What the database should derive into score_values: the numbers at SCORE_VALUE_PATHS, null where not scored. */
function flattenScores(scores: ScoreResult): (number | null)[] {
  return SCORE_VALUE_PATHS.map(([group, key, field]) => {
    const value = (scores[group] as unknown as Record<string, Record<string, unknown> | undefined>)[key]?.[field];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
}

/** A strict RFC 4180 reader (CRLF records, quoted fields with doubled quotes), to check what a spreadsheet gets. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (c === '\r' || c === '\n' || c === '"') {
      throw new Error(`unquoted ${JSON.stringify(c)} at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || record.length > 0) {
    throw new Error('the last record does not end with CRLF');
  }
  return records;
}

async function download(client: ReturnType<TestServer['client']>, query = '') {
  const response = await client.get(`/api/assessments/export.csv${query}`);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

/** A test submitted now with these answers and the scores they give (its form's). */
function insertSubmitted(
  clinicianId: string,
  responses: string,
  options: { patientId?: string; form?: 'FULL' | 'SF' | 'BF' } = {},
) {
  return insertAssessment(server, {
    clinicianId,
    ...options,
    responses,
    consented: true,
    finishedAt: server.clock.now(),
    scores: scoreResponses(responses, { form: options.form ?? 'FULL' }),
  });
}

describe('CSV export', () => {
  it('starts with the BOM, quotes per RFC 4180, guards formulas and includes stored scores', async () => {
    const clinician = await createSignedInClinician(server, 'csv');
    const responses = '0123'.repeat(55);
    const scores = scoreResponses(responses);
    const completed = await insertAssessment(server, {
      clinicianId: clinician.id,
      patientId: '=HYPERLINK("http://evil.example","x")',
      consented: true,
      responses,
      finishedAt: server.clock.now(),
      scores,
    });
    await insertAssessment(server, { clinicianId: clinician.id, patientId: 'Smith, "Jo"\nline two' });
    await insertAssessment(server, { clinicianId: clinician.id, patientId: '+1-555' });
    await insertAssessment(server, { clinicianId: clinician.id, patientId: '@SUM(A1)' });
    await insertAssessment(server, { clinicianId: clinician.id, patientId: '-2+3' });
    await insertAssessment(server, { clinicianId: clinician.id, patientId: '\tTAB' });
    await insertAssessment(server, { clinicianId: clinician.id, patientId: 'Zoë Ünïcode' });

    const { response, bytes, text } = await download(clinician.client);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="assessments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...CSV_HEADERS]);
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.length === CSV_HEADERS.length)).toBe(true);
    const column = (name: string) => CSV_HEADERS.indexOf(name);
    const byPatient = new Map(rows.slice(1).map((row) => [row[column('Patient ID')]!, row]));

    expect([...byPatient.keys()].sort()).toEqual(
      [
        `'=HYPERLINK("http://evil.example","x")`,
        'Smith, "Jo"\nline two',
        "'+1-555",
        "'@SUM(A1)",
        "'-2+3",
        "'\tTAB",
        'Zoë Ünïcode',
      ].sort(),
    );
    expect(text).toContain('"Smith, ""Jo""\nline two"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    const done = byPatient.get(`'=HYPERLINK("http://evil.example","x")`)!;
    expect(done[column('Assessment ID')]).toBe(String(completed.row.id));
    expect(done[column('Clinician')]).toBe(clinician.username);
    expect(done[column('Status')]).toBe('Completed');
    expect(done[column('Questions Completed')]).toBe('220');
    expect(done[column('Responses')]).toBe(responses);
    expect(done[column('Diagnoses')]).toBe('F41.1; F32.0');
    expect(done[column('Primary Diagnosis')]).toBe('F41.1');
    expect(done[column('Postal Code')]).toBe('12345');
    expect(done[column('Consent Date')]).toBe(completed.row.consentAgreedAt?.toISOString());
    expect(done[column('Terms ID')]).toBe(String(completed.row.termsId));
    // Rounded as the pages show them; T, percentile and level as the results API reads them.
    expect(done[column('Anxiousness raw')]).toBe(scores.facets.Anx.score!.toFixed(2));
    expect(done[column('Anxiousness z (US 2024)')]).toBe(scores.facets.Anx.srf!.toFixed(2));
    expect(done[column('Negative Affect derived z (DE 2026)')]).toBe(scores.domains.NegAf.irf!.toFixed(2));
    expect(done[column('Anxiousness T (US 2024)')]).toBe(String(scores.facets.Anx.us!.t));
    expect(done[column('Anxiousness percentile (US 2024)')]).toBe(
      formatPercentileForCsv(scores.facets.Anx.us!.percentile),
    );
    expect(done[column('Anxiousness level (US 2024)')]).toBe(scores.facets.Anx.level ?? 'Not elevated');
    // The alternating protocol is inconsistent: the verdict and INC say so.
    expect(done[column('Validity Verdict')]).toBe('Not interpretable');
    expect(done[column('INC (inconsistency) score')]).toBe(String(scores.validity.INC.score));
    expect(done[column('INC (inconsistency) status')]).toBe('Concern');
    expect(done[column('SD-TD (kind of favourable answering) status')]).toBe('Not read');

    const open = byPatient.get('Zoë Ünïcode')!;
    expect(open[column('Status')]).toBe('Not started');
    expect(open[column('Date Completed')]).toBe('');
    expect(open[column('Consent Date')]).toBe('');
    expect(open[column('Validity Verdict')]).toBe('');
    expect(open[column('Anxiousness raw')]).toBe('');
    expect(open[column('Psychoticism z (US 2024)')]).toBe('');

    const [audited] = await server.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, clinician.id), eq(auditEvents.action, 'assessment.export')));
    expect(audited?.n).toBe(1);
  });

  it('yields no formula when a spreadsheet splits the file on semicolons (German, French, Dutch defaults)', async () => {
    const clinician = await createSignedInClinician(server, 'semicolon');
    for (const patientId of ['x;=1+2;', 'a;"=HYPERLINK(1)', 'b; @SUM(A1)', 'c;-2+3;+4']) {
      await insertAssessment(server, { clinicianId: clinician.id, patientId });
    }
    const { text } = await download(clinician.client);
    for (const separator of [',', ';'] as const) {
      for (const trimLeadingSpaces of [false, true]) {
        const records = readLikeSpreadsheet(text, { separator, trimLeadingSpaces });
        expect(records.length, separator).toBeGreaterThan(4);
        expect(formulaCells(records), `split on ${separator}`).toEqual([]);
      }
    }
    // Read as intended (comma), the patient ids are all there, each with its guard mark.
    const patientIds = parseCsv(text.slice(1)).map((record) => record[1]);
    expect(patientIds).toEqual(
      expect.arrayContaining(["x;'=1+2;", 'a;"\'=HYPERLINK(1)', "b; '@SUM(A1)", "c;'-2+3;'+4"]),
    );
  });

  it('streams every row the view may see across several batches (keyset paging), and only those', async () => {
    const admin = await createSignedInAdmin(server);
    const mine = await createSignedInClinician(server, 'bulk');
    const other = await createSignedInClinician(server, 'other');
    const now = server.clock.now();
    const values = Array.from({ length: 1203 }, (_, i) => ({
      testCode: `bulk-code-${mine.id}-${i}`,
      testCodeHash: hashToken(`bulk-code-${mine.id}-${i}`),
      clinicianId: i % 3 === 0 ? other.id : mine.id,
      patientId: `BULK-${String(i).padStart(4, '0')}`,
      age: 40,
      gender: 'Unspecified',
      race: 'Unspecified',
      postalCode: '54321',
      country: 'Germany',
      dsmCodes: ['F60.3'],
      primaryDsm: 'F60.3',
      createdAt: now,
      dueAt: new Date(now.getTime() + 30 * 86_400_000),
      responses: '9'.repeat(220),
      answeredCount: 0,
    }));
    for (let i = 0; i < values.length; i += 400) {
      await server.database.db.insert(assessments).values(values.slice(i, i + 400));
    }

    const own = parseCsv((await download(mine.client)).text.slice(1)).slice(1);
    expect(own).toHaveLength(802);
    const ids = own.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(802);

    const everyone = parseCsv((await download(admin.client)).text.slice(1)).slice(1);
    const [total] = await server.database.db.select({ n: count() }).from(assessments);
    expect(everyone).toHaveLength(total!.n);
    // Each row names its own clinician, in every batch (names are read once per export, not joined per row).
    const names = new Map([
      [mine.id, mine.username],
      [other.id, other.username],
    ]);
    const bulkRows = everyone.filter((row) => names.has(row[3]!));
    expect(bulkRows).toHaveLength(1203);
    expect(bulkRows.filter((row) => row[2] !== names.get(row[3]!))).toEqual([]);

    await admin.client.put('/api/me/view-mode', { viewMode: 'clinician' });
    expect(parseCsv((await download(admin.client)).text.slice(1))).toHaveLength(1);
  });

  it("lists what the dashboard's filters list (search, status, form), and audits the filters without the searched text", async () => {
    const clinician = await createSignedInClinician(server, 'csv-filters');
    const now = server.clock.now();
    const long = new Date(now.getTime() - 40 * 86_400_000);
    const done = await insertSubmitted(clinician.id, '0123'.repeat(55), { patientId: 'KEEP-done' });
    const expired = await insertAssessment(server, {
      clinicianId: clinician.id,
      patientId: 'KEEP-old',
      createdAt: long,
    });
    const open = await insertAssessment(server, { clinicianId: clinician.id, patientId: 'other-open' });
    const brief = await insertAssessment(server, {
      clinicianId: clinician.id,
      patientId: 'KEEP-brief',
      form: 'BF',
      responses: '9'.repeat(25),
    });
    const idsOf = async (query: string) =>
      parseCsv((await download(clinician.client, query)).text.slice(1))
        .slice(1)
        .map((row) => Number(row[0]))
        .sort((a, b) => a - b);

    expect(await idsOf('')).toEqual([done.row.id, expired.row.id, open.row.id, brief.row.id].sort((a, b) => a - b));
    expect(await idsOf('?status=completed')).toEqual([done.row.id]);
    expect(await idsOf('?status=expired')).toEqual([expired.row.id]);
    expect(await idsOf('?search=keep')).toEqual([done.row.id, expired.row.id, brief.row.id].sort((a, b) => a - b));
    expect(await idsOf('?search=keep&form=BF')).toEqual([brief.row.id]);
    expect(await idsOf('?search=keep&status=not-started&form=FULL')).toEqual([]);

    const bad = await clinician.client.get('/api/assessments/export.csv?status=finished');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Status is one of');

    const audited = await server.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, clinician.id), eq(auditEvents.action, 'assessment.export')));
    expect(audited).toHaveLength(6);
    expect(JSON.stringify(audited)).not.toContain('keep');
    expect(audited.map(({ details }) => details)).toContainEqual(
      expect.objectContaining({ status: 'not-started', form: 'FULL', searched: true }),
    );
  });

  /** The generated score_values of a row, read as JSON (PGlite's array reader turns empty elements into NaN). */
  async function storedScoreValues(id: number): Promise<unknown> {
    const result = await server.database.db.execute(
      sql`select array_to_json(score_values)::text as "values" from ${assessments} where ${assessments.id} = ${id}`,
    );
    const [row] = (result as unknown as { rows: { values: string | null }[] }).rows;
    return row?.values === null || row?.values === undefined ? null : JSON.parse(row.values);
  }

  it('prints the 90 score values kept at submission, exactly with precision=full and rounded by default', async () => {
    const clinician = await createSignedInClinician(server, 'csv-stored');
    const responses = '3210'.repeat(54) + '1230';
    const id = await createSubmittedAssessment(server, { clinicianId: clinician.id, responses });
    const expected = flattenScores(scoreResponses(responses));
    expect(await storedScoreValues(id)).toEqual(expected);
    const header = (group: string, key: string, field: string) => {
      const scale = [...DOMAINS, ...FACETS].find((s) => s.key === key)!;
      expect(group === 'domains').toBe(DOMAINS.some((d) => d.key === key));
      return `${scale.name} ${field === 'score' ? 'raw' : field === 'srf' ? 'z (US 2024)' : 'derived z (DE 2026)'}`;
    };

    const full = await download(clinician.client, '?precision=full');
    const fullRow = parseCsv(full.text.slice(1)).find((cells) => cells[0] === String(id))!;
    const screen = await download(clinician.client);
    const screenRow = parseCsv(screen.text.slice(1)).find((cells) => cells[0] === String(id))!;
    SCORE_VALUE_PATHS.forEach(([group, key, field], i) => {
      const column = CSV_HEADERS.indexOf(header(group, key, field));
      const value = expected[i] ?? null;
      expect(fullRow[column], `${key} ${field}`).toBe(value === null ? '' : String(value));
      expect(screenRow[column], `${key} ${field}`).toBe(
        value === null ? '' : value.toFixed(2).replace(/^-0\.00$/, '0.00'),
      );
    });
  });

  it('scores the verdict again from the answers for a test stored before the verdict existed (scoring-1)', async () => {
    const clinician = await createSignedInClinician(server, 'csv-old');
    const responses = '0123'.repeat(55);
    const { validityVerdict: _dropped, ...oldFormat } = scoreResponses(responses);
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      responses,
      finishedAt: server.clock.now(),
      scores: oldFormat,
    });
    const { text } = await download(clinician.client);
    const cells = parseCsv(text.slice(1)).find((record) => record[0] === String(row.id))!;
    expect(cells[CSV_HEADERS.indexOf('Validity Verdict')]).toBe('Not interpretable');
    expect(cells[CSV_HEADERS.indexOf('INC (inconsistency) status')]).toBe('Concern');
    expect(cells[CSV_HEADERS.indexOf('Anhedonia raw')]).toBe(oldFormat.facets.Anh.score!.toFixed(2));
  });

  it('refuses an unknown precision with a 400 that says what is allowed', async () => {
    const clinician = await createSignedInClinician(server, 'csv-precision');
    const response = await clinician.client.get('/api/assessments/export.csv?precision=exact');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("precision must be 'screen' or 'full'");
  });

  it("serves a data dictionary with an entry for every CSV column and the norms' provenance", async () => {
    const clinician = await createSignedInClinician(server, 'csv-dictionary');
    const response = await clinician.client.get('/api/assessments/export-dictionary.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="assessments-dictionary.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await response.arrayBuffer()));
    expect(text.startsWith('\ufeff')).toBe(true);
    const [head, ...entries] = parseCsv(text.slice(1));
    expect(head).toEqual(['Column', 'Meaning', 'Values', 'Source']);
    // Every header of the export has its entry, in the same order, each saying something.
    expect(entries.map((entry) => entry[0])).toEqual([...CSV_HEADERS]);
    for (const [column, meaning] of entries) {
      expect(meaning, column).not.toBe('(not described)');
      expect(meaning?.length, column).toBeGreaterThan(10);
    }
    const byColumn = new Map(entries.map((entry) => [entry[0], entry]));
    const usT = byColumn.get('Anhedonia T (US 2024)')!;
    expect(usT[3]).toContain('N = 995');
    expect(usT[3]).toContain('Country: USA; English-language form');
    expect(usT[3]).toMatch(/Markon, Fossati, Somma & Krueger \(2024\)/);
    const deZ = byColumn.get('Anhedonia derived z (DE 2026)')!;
    expect(deZ[3]).toContain('status: preprint');
    expect(deZ[3]).toContain('German-language form');
    expect(deZ[3]).toMatch(/4,?727/);
    expect(byColumn.get('Anhedonia z (US 2024)')![1]).toContain('derived from the printed linear T tables');
  });

  it("serves the data dictionary in the reader's language, the columns keeping their English names", async () => {
    const clinician = await createSignedInClinician(server, 'csv-dictionary-de');
    const response = await clinician.client.get('/api/assessments/export-dictionary.csv', {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(response.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await response.arrayBuffer()));
    const [head, ...entries] = parseCsv(text.slice(1));
    expect(head).toEqual(['Spalte', 'Bedeutung', 'Werte', 'Quelle']);
    expect(entries.map((entry) => entry[0])).toEqual([...CSV_HEADERS]);
    const byColumn = new Map(entries.map((entry) => [entry[0], entry]));
    expect(byColumn.get('Age')).toEqual([
      'Age',
      'Alter, wie von der Behandlerin bzw. dem Behandler eingegeben.',
      'ganze Zahl',
      'Behandelnde',
    ]);
    const anhedoniaT = byColumn.get('Anhedonia T (US 2024)')!;
    expect(anhedoniaT[1]).toMatch(/^Anhedonie \(Anh, Facette\): T-Wert aus der Zeile der US-Tabelle/);
    expect(anhedoniaT[3]).toContain('Land: USA; englischsprachige Fassung');
    expect(byColumn.get('Anhedonia derived z (DE 2026)')![3]).toContain('Stand: Preprint');
    for (const [column, meaning] of entries) {
      expect(meaning, column).not.toBe('(nicht beschrieben)');
    }
  });

  it('the database derives the score values from the stored JSON in the export order, whoever wrote it', async () => {
    const clinician = await createSignedInClinician(server, 'csv-derived');
    const scores = scoreResponses('0123'.repeat(55));
    // Written with no score values, and one value in the JSON that is not a number.
    const broken = structuredClone(scores) as unknown as { facets: { Anx: { srf: unknown } } };
    broken.facets.Anx.srf = 'n/a';
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      finishedAt: server.clock.now(),
      scores: broken,
    });
    const expected = flattenScores(scores);
    expected[SCORE_VALUE_PATHS.findIndex(([, key, field]) => key === 'Anx' && field === 'srf')] = null;
    expect(await storedScoreValues(row.id)).toEqual(expected);
    const open = await insertAssessment(server, { clinicianId: clinician.id });
    expect(await storedScoreValues(open.row.id)).toBeNull();
  });

  it('the database derives the validity cells and the total from the stored verdict of each form (export_values)', async () => {
    const clinician = await createSignedInClinician(server, 'csv-export-values');
    const results = [
      scoreResponses('0123'.repeat(55)),
      scoreResponses('1'.repeat(200) + '9'.repeat(20)),
      scoreResponses('2130'.repeat(25), { form: 'SF' }),
      scoreResponses('3'.repeat(25), { form: 'BF' }),
    ];
    for (const scores of results) {
      const { row } = await insertAssessment(server, {
        clinicianId: clinician.id,
        finishedAt: server.clock.now(),
        scores,
      });
      const lineOf = (key: string) => scores.validityVerdict.lines.find((line) => line.key === key);
      const expected = [
        scores.validityVerdict.label,
        ...EXPORT_VALIDITY_KEYS.flatMap((key) => {
          const line = lineOf(key);
          return line ? [line.status, line.score, line.percentile?.percentile ?? null] : [null, null, null];
        }),
        ...totalOf(scores),
      ];
      expect(await storedExportValues(row.id)).toEqual(expected);
      expect(expected.filter((value) => value !== null).length).toBeGreaterThan(5);
    }
    expect(results[2]!.validityVerdict.lines.some((line) => line.key === 'INCS')).toBe(true);
    expect(totalOf(results[3]!)[0]).toBeTypeOf('number');
    const open = await insertAssessment(server, { clinicianId: clinician.id });
    expect(await storedExportValues(open.row.id)).toBeNull();
  });

  it("reads the same rows in either shape: PostgreSQL's fields and PGlite's JSON arrays (listAssessmentsAfter)", async () => {
    const clinician = await createSignedInClinician(server, 'csv-row-shapes');
    const now = server.clock.now();
    const full = await insertSubmitted(clinician.id, '0123'.repeat(55), { patientId: 'Smith, "Jo";=1+2 Zoë' });
    const short = await insertSubmitted(clinician.id, '2130'.repeat(25), { form: 'SF' });
    const brief = await insertSubmitted(clinician.id, '3'.repeat(25), { form: 'BF' });
    const open = await insertAssessment(server, { clinicianId: clinician.id, patientId: 'Ünïcode\\tab' });
    // Every column of the first row its own value, so a column read into another's place shows.
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    await server.database.db
      .update(assessments)
      .set({
        gender: 'Woman',
        race: 'Asian',
        postalCode: '54321',
        country: 'DE',
        dsmCodes: ['F60.3', 'F41.1'],
        primaryDsm: 'F60.3',
        instrumentVersion: 'instrument-v',
        normsVersion: 'norms-v',
        createdAt: minutes(-3),
        dueAt: minutes(30),
        consentAgreedAt: minutes(-2),
        finishedAt: minutes(-1),
      })
      .where(eq(assessments.id, full.row.id));
    const read = (shape: 'columns' | 'json-array') =>
      listAssessmentsAfter(server.database, {
        scope: { kind: 'own', clinicianId: clinician.id },
        search: '',
        status: 'all',
        now,
        afterId: 0,
        limit: 10,
        shape,
      });

    const columns = await read('columns');
    expect(columns).toEqual(await read('json-array'));
    expect(columns.map((row) => row[0])).toEqual([full.row.id, short.row.id, brief.row.id, open.row.id]);
    const [first] = columns;
    expect(first?.[1]).toBe('Smith, "Jo";=1+2 Zoë');
    expect(first?.[2]).toBeNull();
    expect(first?.slice(4, 8)).toEqual(
      [minutes(-3), minutes(30), minutes(-1)].map((at) => at.getTime() / 1000).concat(220),
    );
    expect(first?.slice(8, 15)).toEqual([34, 'Woman', 'Asian', '54321', 'DE', 'F60.3; F41.1', 'F60.3']);
    expect(first?.slice(16, 18)).toEqual(['instrument-v', 'norms-v']);
    expect(first?.[19]).toBe(minutes(-2).getTime() / 1000);
    expect(first?.[18]?.split(',')).toHaveLength(SCORE_VALUE_PATHS.length);
    expect(JSON.parse(first?.[21] ?? 'null')).toEqual(await storedExportValues(full.row.id));
    expect(first?.[20]).toBe(full.row.termsId);
    expect(columns.map((row) => row[22])).toEqual(['FULL', 'SF', 'BF', 'FULL']);
    expect(columns[3]?.[18]).toBeNull();
    expect(exportRowShapeFor(server.database.kind)).toBe(
      server.database.kind === 'postgres' ? 'columns' : 'json-array',
    );
  });

  /** The brief form's total (score, US z, German z); nulls for the forms without one. */
  function totalOf(scores: object): (number | null)[] {
    const total =
      'total' in scores ? (scores.total as { score: number | null; srf: number | null; irf: number | null }) : null;
    return [total?.score ?? null, total?.srf ?? null, total?.irf ?? null];
  }

  async function storedExportValues(id: number): Promise<unknown> {
    const result = await server.database.db.execute(
      sql`select export_values::text as "values" from ${assessments} where ${assessments.id} = ${id}`,
    );
    const [row] = (result as unknown as { rows: { values: string | null }[] }).rows;
    return row?.values === null || row?.values === undefined ? null : JSON.parse(row.values);
  }
});
