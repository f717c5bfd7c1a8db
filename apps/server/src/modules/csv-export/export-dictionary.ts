import type { Language } from '@pid5/i18n';
import {
  AMPD_DISORDERS,
  AMPD_WORD_KEYS,
  BFM_WORD_KEYS,
  DE_NORM_TABLES,
  NORM_SETS,
  scaleNameKey,
  type AmpdDisorderKey,
  type BfmDomainKey,
  type NormTables,
} from '@pid5/instrument';
import { translator, type MessageKey, type Translate } from '../../i18n/translator';
import { CSV_SCALES, CSV_VALIDITY_SCALES, DE_NORMS, SCALE_COLUMNS, US_NORMS, VALIDITY_COLUMNS } from './export-columns';
import { CSV_HEADERS, encodeCsvRecord, guardCsvCell } from './export-csv';
import {
  AMPD_COLUMNS,
  AMPD_THRESHOLD_HEADER,
  BFM_COLUMNS,
  CSV_BFM_SCALES,
  ampdHeader,
  bfmHeader,
} from './export-trait-models';

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

/** The test's own columns: what each holds, its values and where it comes from, as catalogue keys (area csv). */
const FIXED_COLUMNS: Readonly<Record<string, { meaning: MessageKey; values: MessageKey; source: MessageKey }>> = {
  'Assessment ID': {
    meaning: 'csv.column.assessmentId.meaning',
    values: 'csv.column.assessmentId.values',
    source: 'csv.source.app',
  },
  'Patient ID': {
    meaning: 'csv.column.patientId.meaning',
    values: 'csv.column.patientId.values',
    source: 'csv.source.clinician',
  },
  Clinician: {
    meaning: 'csv.column.clinician.meaning',
    values: 'csv.column.clinician.values',
    source: 'csv.source.app',
  },
  'Clinician ID': {
    meaning: 'csv.column.clinicianId.meaning',
    values: 'csv.column.clinicianId.values',
    source: 'csv.source.app',
  },
  'Date Created': {
    meaning: 'csv.column.dateCreated.meaning',
    values: 'csv.column.dateCreated.values',
    source: 'csv.source.app',
  },
  'Due Date': {
    meaning: 'csv.column.dueDate.meaning',
    values: 'csv.column.dueDate.values',
    source: 'csv.source.app',
  },
  'Date Completed': {
    meaning: 'csv.column.dateCompleted.meaning',
    values: 'csv.column.dateCompleted.values',
    source: 'csv.source.app',
  },
  Status: {
    meaning: 'csv.column.status.meaning',
    values: 'csv.column.status.values',
    source: 'csv.source.app',
  },
  'Questions Completed': {
    meaning: 'csv.column.questionsCompleted.meaning',
    values: 'csv.column.questionsCompleted.values',
    source: 'csv.source.app',
  },
  Age: {
    meaning: 'csv.column.age.meaning',
    values: 'csv.column.age.values',
    source: 'csv.source.clinician',
  },
  Gender: {
    meaning: 'csv.column.gender.meaning',
    values: 'csv.column.gender.values',
    source: 'csv.source.clinician',
  },
  Race: {
    meaning: 'csv.column.race.meaning',
    values: 'csv.column.race.values',
    source: 'csv.source.clinician',
  },
  'Postal Code': {
    meaning: 'csv.column.postalCode.meaning',
    values: 'csv.column.postalCode.values',
    source: 'csv.source.clinician',
  },
  Country: {
    meaning: 'csv.column.country.meaning',
    values: 'csv.column.country.values',
    source: 'csv.source.clinician',
  },
  'Country Code': {
    meaning: 'csv.column.countryCode.meaning',
    values: 'csv.column.countryCode.values',
    source: 'csv.source.clinician',
  },
  Diagnoses: {
    meaning: 'csv.column.diagnoses.meaning',
    values: 'csv.column.diagnoses.values',
    source: 'csv.source.clinician',
  },
  'Primary Diagnosis': {
    meaning: 'csv.column.primaryDiagnosis.meaning',
    values: 'csv.column.primaryDiagnosis.values',
    source: 'csv.source.clinician',
  },
  Responses: {
    meaning: 'csv.column.responses.meaning',
    values: 'csv.column.responses.values',
    source: 'csv.source.patient',
  },
  'Instrument Version': {
    meaning: 'csv.column.instrumentVersion.meaning',
    values: 'csv.column.instrumentVersion.values',
    source: 'csv.source.app',
  },
  'Norms Version': {
    meaning: 'csv.column.normsVersion.meaning',
    values: 'csv.column.normsVersion.values',
    source: 'csv.source.app',
  },
  'Consent Date': {
    meaning: 'csv.column.consentDate.meaning',
    values: 'csv.column.consentDate.values',
    source: 'csv.source.patient',
  },
  'Terms ID': {
    meaning: 'csv.column.termsId.meaning',
    values: 'csv.column.termsId.values',
    source: 'csv.source.app',
  },
  'Validity Verdict': {
    meaning: 'csv.column.validityVerdict.meaning',
    values: 'csv.column.validityVerdict.values',
    source: 'csv.source.validityRules',
  },
  Form: {
    meaning: 'csv.column.form.meaning',
    values: 'csv.column.form.values',
    source: 'csv.source.app',
  },
  Language: {
    meaning: 'csv.column.language.meaning',
    values: 'csv.column.language.values',
    source: 'csv.source.languageChoice',
  },
  'German Norms Group': {
    meaning: 'csv.column.germanGroup.meaning',
    values: 'csv.column.germanGroup.values',
    source: 'csv.source.clinician',
  },
  'German Norms Fallback': {
    meaning: 'csv.column.germanFallback.meaning',
    values: 'csv.column.germanFallback.values',
    source: 'csv.source.clinician',
  },
  [AMPD_THRESHOLD_HEADER]: {
    meaning: 'csv.column.ampdThreshold.meaning',
    values: 'csv.column.ampdThreshold.values',
    source: 'csv.source.ampd',
  },
};

/** The provenance of the US tables, the US z and the German z, from the loaded tables and the norm sets. */
function provenance(normTables: NormTables, t: Translate): { us: string; usZ: string; de: string; deTables: string } {
  const { srf, irf } = NORM_SETS;
  return {
    us: t('csv.provenance.us', {
      label: normTables.label,
      sample: normTables.sample,
      source: normTables.source,
      version: normTables.version,
    }),
    usZ: t('csv.provenance.usZ', {
      label: srf.label,
      source: srf.source,
      sampleN: srf.sampleN ? `; N = ${srf.sampleN}` : '',
      note: srf.note,
    }),
    de: t('csv.provenance.de', {
      label: irf.label,
      source: irf.source,
      sampleN: irf.sampleN ? `; N = ${irf.sampleN}` : '',
      note: irf.note,
    }),
    deTables: t('csv.provenance.deTables', {
      label: DE_NORM_TABLES.label,
      version: DE_NORM_TABLES.version,
      attribution: DE_NORM_TABLES.attribution,
    }),
  };
}

/**
 * One entry per CSV column, in the export's order, in the reader's `language`. The column names stay the export's
 * stable English headers (docs/decisions/0070-csv-columns-and-numbers-in-every-language.md); the norm sets' own
 * labels, sources and notes are the instrument's data, in English.
 */
export function buildDataDictionary(normTables: NormTables, language: Language = 'en'): DictionaryEntry[] {
  const t = translator(language);
  const norms = provenance(normTables, t);
  const sourceOf = (suffix: string) =>
    suffix.startsWith('derived z')
      ? norms.de
      : suffix.includes(DE_NORMS)
        ? norms.deTables
        : suffix.startsWith('z')
          ? norms.usZ
          : suffix.includes(US_NORMS)
            ? norms.us
            : '';
  const entries = new Map<string, DictionaryEntry>();
  for (const [column, entry] of Object.entries(FIXED_COLUMNS)) {
    entries.set(column, { column, meaning: t(entry.meaning), values: t(entry.values), source: t(entry.source) });
  }
  for (const scale of CSV_VALIDITY_SCALES) {
    for (const column of VALIDITY_COLUMNS) {
      const name = `${scale.label} ${column.suffix}`;
      entries.set(name, {
        column: name,
        meaning: t('csv.validityMeaning', { label: scale.label, meaning: t(column.meaning) }),
        values: t(column.values),
        source: column.suffix.includes(US_NORMS) ? norms.us : t('csv.source.validityRulesDesign'),
      });
    }
  }
  for (const scale of CSV_SCALES) {
    for (const column of SCALE_COLUMNS) {
      const name = `${scale.name} ${column.suffix}`;
      entries.set(name, {
        column: name,
        meaning: t('csv.scaleMeaning', {
          name: language === 'en' ? scale.name : t(scaleNameKey(scale.key)),
          key: scale.key,
          kind: t(scale.kind === 'facet' ? 'csv.kind.facet' : 'csv.kind.domain'),
          meaning: t(column.meaning),
        }),
        values: t(column.values),
        source: sourceOf(column.suffix) || t('csv.source.scoringKey'),
      });
    }
  }
  // The brief form's total: the mean of all 25 items (Markon et al. 2024, p. 23).
  for (const column of SCALE_COLUMNS) {
    const name = `Total ${column.suffix}`;
    entries.set(name, {
      column: name,
      meaning: t('csv.totalMeaning', { meaning: t(column.meaning) }),
      values: t(column.values),
      source: sourceOf(column.suffix) || t('csv.source.briefKey'),
    });
  }
  // The ICD-11 trait domains (PID5BF+M) and the AMPD trait profiles.
  for (const scale of CSV_BFM_SCALES) {
    const name =
      scale.key === 'Total' ? t(BFM_WORD_KEYS.total) : t(BFM_WORD_KEYS.domain[scale.key as BfmDomainKey] as MessageKey);
    for (const column of BFM_COLUMNS) {
      const header = bfmHeader(scale.name, column.suffix);
      entries.set(header, {
        column: header,
        meaning: t('csv.bfmMeaning', { name, meaning: t(column.meaning) }),
        values: t(column.values),
        source: column.suffix.includes(DE_NORMS) ? norms.deTables : t('csv.source.bfm'),
      });
    }
  }
  for (const disorder of AMPD_DISORDERS) {
    const name = t(AMPD_WORD_KEYS.disorder[disorder.key as AmpdDisorderKey] as MessageKey);
    for (const column of AMPD_COLUMNS) {
      const header = ampdHeader(disorder.name, column.suffix);
      entries.set(header, {
        column: header,
        meaning: t('csv.ampdMeaning', { name, meaning: t(column.meaning) }),
        values: t(column.values),
        source: t('csv.source.ampd'),
      });
    }
  }
  return CSV_HEADERS.map(
    (column) => entries.get(column) ?? { column, meaning: t('csv.notDescribed'), values: '', source: '' },
  );
}

/** The dictionary as CSV (BOM, RFC 4180, the same formula guard as the export). */
export function encodeDataDictionaryCsv(entries: readonly DictionaryEntry[], language: Language = 'en'): string {
  const t = translator(language);
  const header = encodeCsvRecord(
    [t('csv.header.column'), t('csv.header.meaning'), t('csv.header.values'), t('csv.header.source')].map(guardCsvCell),
  );
  const rows = entries.map((e) => encodeCsvRecord([e.column, e.meaning, e.values, e.source].map(guardCsvCell)));
  return `\ufeff${header}${rows.join('')}`;
}
