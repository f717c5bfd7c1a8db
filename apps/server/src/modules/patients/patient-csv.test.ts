import { describe, expect, it } from 'vitest';
import { readGermanNorm, scoreBfmForm, scoreResponses } from '@pid5/instrument';
import { readLikeSpreadsheet } from '../../../test/spreadsheet-csv';
import { normReferenceOf } from '../results/trait-models';
import { encodePatientCsv, PATIENT_CSV_HEADERS, type PatientCsvAdministration } from './patient-csv';

// The long CSV: one row per administration × scale, the dashboard export's quoting and formula guard.

const full = scoreResponses('1'.repeat(220));
const brief = scoreResponses('2'.repeat(25), { form: 'BF' });

function administration(
  overrides: Partial<Extract<PatientCsvAdministration, { score: unknown }>> = {},
): PatientCsvAdministration {
  return {
    patientId: 'PAT-1',
    clinicianId: 'user-1',
    id: 11,
    form: 'FULL' as const,
    createdAt: new Date('2026-01-01T09:00:00Z'),
    finishedAt: new Date('2026-01-02T09:00:00Z'),
    validityLabel: 'Valid',
    reference: { gender: 'Female', age: 40 },
    score: full,
    ...overrides,
  };
}

function records(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return csv.slice(1).split('\r\n').slice(0, -1);
}

describe('the long CSV of one patient', () => {
  it('has a header and 30 rows per full-form administration, 6 per brief-form one', () => {
    const lines = records(encodePatientCsv([administration(), administration({ id: 12, form: 'BF', score: brief })]));
    expect(lines[0]).toBe(PATIENT_CSV_HEADERS.join(','));
    // The z columns say which norms they are against; SRF and IRF read as self- and informant-report.
    expect(PATIENT_CSV_HEADERS).toEqual(expect.arrayContaining(['z (US 2024)', 'T (DE 2026)', 'derived z (DE 2026)']));
    expect(PATIENT_CSV_HEADERS.filter((name) => /\b(SRF|IRF)\b/.test(name))).toEqual([]);
    expect(lines).toHaveLength(1 + 30 + 6);
    const anx = lines.find((line) => line.includes(',facet,Anx,'))!.split(',');
    expect(anx.slice(0, 10)).toEqual([
      'PAT-1',
      'user-1',
      '11',
      'FULL',
      '2026-01-01T09:00:00.000Z',
      '2026-01-02T09:00:00.000Z',
      'Valid',
      'facet',
      'Anx',
      'Anxiousness',
    ]);
    expect(Number(anx[10])).toBe(full.facets.Anx.score);
    expect(Number(anx[11])).toBe(full.facets.Anx.us!.t);
    // The German T of a woman aged 40: the female 35-49 row.
    const cell = (name: string) => anx[PATIENT_CSV_HEADERS.indexOf(name)];
    const row = readGermanNorm('FULL', 'Anx', full.facets.Anx.score!, {
      cell: { gender: 'f', ageGroup: '[35,50)' },
      fallbacks: [],
    });
    expect(cell('T (DE 2026)')).toBe(row.t.toFixed(1));
    expect(cell('T 95% interval low (DE 2026)')).toBe(row.tLow.toFixed(1));
    expect(lines.find((line) => line.includes(',facet,Anx,'))).toContain(',"f [35,50)",');
    expect(lines.at(-1)).toContain(',12,BF,');
    expect(lines.at(-1)).toContain(',total,Total,');
  });

  it("writes every level in the results' words: 'Not elevated' below Mild, empty only when not scored", () => {
    const header = PATIENT_CSV_HEADERS.indexOf('Level');
    expect(header).toBeGreaterThan(0);
    const levels = records(encodePatientCsv([administration()]))
      .slice(1)
      // The German group's name is quoted ("f [35,50)"): one cell.
      .map((line) => line.replace(/"[^"]*"/g, 'group').split(',')[header]);
    expect(levels.length).toBe(30);
    for (const level of levels) {
      expect(['Not elevated', 'Mild', 'Moderate', 'High']).toContain(level);
    }
  });

  it('guards a patient identifier that a spreadsheet would run as a formula', () => {
    const csv = encodePatientCsv([administration({ patientId: '=HYPERLINK("http://x","y")' })]);
    const first = records(csv)[1]!;
    expect(first.startsWith(`"'=HYPERLINK(""http://x"",""y"")"`)).toBe(true);
  });

  it('writes both percentiles as percentages, and says where the US one is a table end', () => {
    const high = scoreResponses('3'.repeat(220));
    // All 3s: a facet beyond the US table's top row, printed there as 1.00 ("more than 99").
    const top = Object.entries(high.facets).find(([, facet]) => facet.us?.percentile === 1)![0];
    const lines = records(encodePatientCsv([administration({ score: high })]));
    const cells = lines.find((line) => line.includes(`,facet,${top},`))!.split(',');
    const cell = (name: string) => cells[PATIENT_CSV_HEADERS.indexOf(name)];
    expect(cell('US Percentile')).toBe('100');
    expect(cell('US Percentile Beyond Table')).toBe('above');
    expect(Number(cell('percentile (DE 2026)'))).toBeGreaterThan(1);

    const ordinary = records(encodePatientCsv([administration()]))
      .find((line) => line.includes(',facet,Anx,'))!
      .split(',');
    const us = full.facets.Anx.us!.percentile;
    expect(ordinary[PATIENT_CSV_HEADERS.indexOf('US Percentile')]).toBe(String(Number((us * 100).toFixed(2))));
    expect(ordinary[PATIENT_CSV_HEADERS.indexOf('US Percentile Beyond Table')]).toBe('');
  });

  it('gives a PID5BF+M test its six trait domains and total with the German T, and no US columns', () => {
    const bfm = scoreBfmForm('2'.repeat(36), { reference: normReferenceOf({ gender: 'Female', age: 40 }) });
    const base = administration();
    const lines = records(
      encodePatientCsv([
        base,
        {
          patientId: base.patientId,
          clinicianId: base.clinicianId,
          id: 13,
          createdAt: base.createdAt,
          finishedAt: base.finishedAt,
          validityLabel: 'Valid',
          form: 'BFM',
          bfm,
        },
      ]),
    );
    const [, ...rows] = readLikeSpreadsheet(lines.join('\r\n'), { separator: ',' });
    const cell = (row: string[], name: string) => row[PATIENT_CSV_HEADERS.indexOf(name)];
    const own = rows.filter((row) => row[2] === '13');
    expect(own).toHaveLength(7);
    expect(own.map((row) => cell(row, 'Scale Key'))).toEqual([
      'NegAf',
      'Detac',
      'Antag',
      'Disin',
      'Anank',
      'Psych',
      'Total',
    ]);
    const anank = own.find((row) => cell(row, 'Scale Key') === 'Anank')!;
    expect(cell(anank, 'Form')).toBe('BFM');
    expect(Number(cell(anank, 'Score'))).toBe(bfm.domains.Anank.score);
    expect(cell(anank, 'T (DE 2026)')).toBe(bfm.domains.Anank.de!.t.toFixed(1));
    // The same woman of 40 as the full-form test beside it: the same German group.
    const fullRow = rows.find((row) => row[2] === '11')!;
    expect(cell(anank, 'German Norms Group')).toBe(cell(fullRow, 'German Norms Group'));
    expect(cell(anank, 'German Norms Group')).toBe('f [35,50)');
    for (const name of ['US T', 'US Percentile', 'z (US 2024)', 'Level']) {
      expect(cell(anank, name), name).toBe('');
    }
  });
});
