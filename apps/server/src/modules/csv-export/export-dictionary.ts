import { NORM_SETS, type NormTables } from '@pid5/instrument';
import { CSV_SCALES, CSV_VALIDITY_SCALES, DE_NORMS, SCALE_COLUMNS, US_NORMS, VALIDITY_COLUMNS } from './export-columns';
import { CSV_HEADERS, encodeCsvRecord, guardCsvCell } from './export-csv';

// The data dictionary of the CSV export: one row per column of export.csv saying what it
// holds, its values, and where its numbers come from, including the norms' provenance (sample, N, year, country,
// language of the form, how each number was derived, the German set's status). Built from the same column lists as
// the export, so the two cannot drift (export-csv.int.test.ts checks every header has its entry).

export interface DictionaryEntry {
  column: string;
  meaning: string;
  values: string;
  source: string;
}

const FIXED_COLUMNS: Readonly<Record<string, Omit<DictionaryEntry, 'column'>>> = {
  'Assessment ID': { meaning: 'The test\u2019s number in this installation.', values: 'integer', source: 'app' },
  'Patient ID': { meaning: 'The patient identifier the clinician entered.', values: 'text', source: 'clinician' },
  Clinician: {
    meaning:
      'The name the app shows for the clinician who created the test: for an institute login, the name the login ' +
      'sends (else its username or email); for a local account, its username.',
    values: 'text',
    source: 'app',
  },
  'Clinician ID': { meaning: 'The clinician\u2019s user id.', values: 'text', source: 'app' },
  'Date Created': { meaning: 'When the test was created.', values: 'ISO 8601 date-time, UTC', source: 'app' },
  'Due Date': { meaning: 'The last day the patient can answer.', values: 'ISO 8601 date-time, UTC', source: 'app' },
  'Date Completed': {
    meaning: 'When the patient submitted the test; empty if not submitted.',
    values: 'ISO 8601 date-time, UTC',
    source: 'app',
  },
  Status: {
    meaning: 'The test\u2019s state at the time of the export.',
    values: 'Not started, In progress, Completed, Expired',
    source: 'app',
  },
  'Questions Completed': { meaning: 'Items answered so far.', values: 'integer 0-220', source: 'app' },
  Age: { meaning: 'Age as entered by the clinician.', values: 'integer', source: 'clinician' },
  Gender: { meaning: 'Gender as entered by the clinician.', values: 'text', source: 'clinician' },
  Race: { meaning: 'Race as entered by the clinician.', values: 'text', source: 'clinician' },
  'Postal Code': {
    meaning: "Postal code as entered by the clinician, checked by the country's rule (US: 5 digits).",
    values: 'text',
    source: 'clinician',
  },
  Country: {
    meaning:
      'The country chosen by the clinician, by its English name; a country typed before countries were chosen from a list is as typed.',
    values: 'text',
    source: 'clinician',
  },
  'Country Code': {
    meaning: 'The ISO 3166-1 alpha-2 code of the country; empty for a country kept as typed.',
    values: 'two capital letters, e.g. US, GB, NL',
    source: 'clinician',
  },
  Diagnoses: {
    meaning: 'All diagnosis codes entered, separated by "; ".',
    values: 'DSM/ICD codes',
    source: 'clinician',
  },
  'Primary Diagnosis': { meaning: 'The primary diagnosis code.', values: 'DSM/ICD code', source: 'clinician' },
  Responses: {
    meaning: 'The raw answers, one character per item in item order, as given (before reverse keying).',
    values: '220 characters: 0-3 answered, 9 not answered',
    source: 'patient',
  },
  'Instrument Version': {
    meaning: 'Form, key and scoring version the scores were computed with (scoring-2: T, percentile, levels, verdict).',
    values: 'text',
    source: 'app',
  },
  'Norms Version': {
    meaning: 'Versions of the US z set, the German z set and the US tables, joined by "+".',
    values: 'text',
    source: 'app',
  },
  'Consent Date': {
    meaning: 'When the patient agreed to the consent form; empty if not yet.',
    values: 'ISO 8601 date-time, UTC',
    source: 'patient',
  },
  'Terms ID': {
    meaning: 'The id of the terms document the clinician accepted when creating the test (documents table).',
    values: 'integer; empty if none recorded',
    source: 'app',
  },
  'Validity Verdict': {
    meaning:
      'How far the profile may be interpreted (DESIGN.md "Validity verdict"): Not interpretable (INC ≥ 17, INC-S ' +
      '≥ 8 or more than a quarter of the items unanswered: the norm sample\u2019s exclusions, Markon et al. 2024 ' +
      'p. 114; or answers in a fixed pattern: the product\u2019s own response-pattern screen, not a PID-5 scale, ' +
      'which has no columns of its own), Interpret with caution (ORS ≥ 3, PRD ≤ 10, a scale not scored, INC, ORS ' +
      'or PRD not computed, a long stretch of patterned answers), Valid otherwise (the brief form: No validity ' +
      'scale published). Empty until submitted.',
    values: 'Valid, Interpret with caution, Not interpretable, No validity scale published',
    source: 'app (instrument validity rules)',
  },
  Form: {
    meaning:
      'The form given: FULL (PID-5, 220 items), SF (PID-5-SF, 100 items: 25 facets, 5 domains) or BF ' +
      '(PID-5-BF, 25 items: 5 domains and a total). Questions Completed and Responses count that form\u2019s items ' +
      'in its own numbering; a scale the form does not have is empty (BF: no facets; only BF has a total); T and ' +
      'percentile come from the form\u2019s own US table; the German z exists for the full form only.',
    values: 'FULL, SF, BF',
    source: 'app',
  },
  Language: {
    meaning:
      'The language the test is given in: its item texts, the patient\u2019s pages and consent (the patient may ' +
      'switch it while the test is open, where the institute allows). Tests made before languages are en.',
    values: 'en (English), de (German)',
    source: 'clinician, or the patient',
  },
};

/** The provenance of the US tables, the US z and the German z, from the loaded tables and the norm sets. */
function provenance(normTables: NormTables): { us: string; usZ: string; de: string } {
  const { srf, irf } = NORM_SETS;
  return {
    us:
      `${normTables.label}. ${normTables.sample} Source: ${normTables.source}. Country: USA; English-language form. ` +
      `Tables version ${normTables.version}.`,
    usZ: `${srf.label}. ${srf.source}${srf.sampleN ? `; N = ${srf.sampleN}` : ''}. ${srf.note}`,
    de:
      `${irf.label}. ${irf.source}${irf.sampleN ? `; N = ${irf.sampleN}` : ''}. Country: Germany; German-language ` +
      `form; status: manuscript under review. ${irf.note}`,
  };
}

/** One entry per CSV column, in the export's order. */
export function buildDataDictionary(normTables: NormTables): DictionaryEntry[] {
  const norms = provenance(normTables);
  const sourceOf = (suffix: string) =>
    suffix.includes(DE_NORMS)
      ? norms.de
      : suffix.startsWith('z')
        ? norms.usZ
        : suffix.includes(US_NORMS)
          ? norms.us
          : '';
  const entries = new Map<string, DictionaryEntry>();
  for (const [column, entry] of Object.entries(FIXED_COLUMNS)) {
    entries.set(column, { column, ...entry });
  }
  for (const scale of CSV_VALIDITY_SCALES) {
    for (const column of VALIDITY_COLUMNS) {
      const name = `${scale.label} ${column.suffix}`;
      entries.set(name, {
        column: name,
        meaning: `${scale.label}: ${column.meaning}`,
        values: column.values,
        source: column.suffix.includes(US_NORMS)
          ? norms.us
          : 'app (instrument validity rules, DESIGN.md "Scoring (packages/instrument)")',
      });
    }
  }
  for (const scale of CSV_SCALES) {
    for (const column of SCALE_COLUMNS) {
      const name = `${scale.name} ${column.suffix}`;
      entries.set(name, {
        column: name,
        meaning: `${scale.name} (${scale.key}, ${scale.kind}): ${column.meaning}`,
        values: column.values,
        source: sourceOf(column.suffix) || 'app (APA PID-5 scoring key, Krueger et al. 2013)',
      });
    }
  }
  // The brief form's total: the mean of all 25 items (Markon et al. 2024, p. 23).
  for (const column of SCALE_COLUMNS) {
    const name = `Total ${column.suffix}`;
    entries.set(name, {
      column: name,
      meaning:
        `Total (brief form only; mean of all 25 items, Markon et al. 2024, p. 23; not scored with 7 or more of 25 ` +
        `missing, jmgirard/hitop decision D-021, the book gives no rule): ${column.meaning}`,
      values: column.values,
      source: sourceOf(column.suffix) || 'app (APA PID-5-BF key; Markon et al. 2024)',
    });
  }
  return CSV_HEADERS.map(
    (column) => entries.get(column) ?? { column, meaning: '(not described)', values: '', source: '' },
  );
}

/** The dictionary as CSV (BOM, RFC 4180, the same formula guard as the export). */
export function encodeDataDictionaryCsv(entries: readonly DictionaryEntry[]): string {
  const header = encodeCsvRecord(['Column', 'Meaning', 'Values', 'Source'].map(guardCsvCell));
  const rows = entries.map((e) => encodeCsvRecord([e.column, e.meaning, e.values, e.source].map(guardCsvCell)));
  return `\ufeff${header}${rows.join('')}`;
}
