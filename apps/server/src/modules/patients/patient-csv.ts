import { NO_LEVEL_LABEL, type TGermanNormReading } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  FACET_KEYS,
  scalesInOrder,
  type AnyScoreResult,
  type BfmScoreResult,
  type FormId,
} from '@pid5/instrument';
import { DE_NORMS, formatCsvPercentile, formatGermanPercentile, US_NORMS } from '../csv-export/export-columns';
import { germanReadingsOfScore, presentBfm } from '../results/trait-models';
import { encodeCsvRecord, guardCsvCell, type CsvCell } from '../csv-export/export-csv';

// One patient's scores in long format: one row per administration × scale, for an institute's own
// analysis over time (a spreadsheet's pivot, R's or pandas' long data). Completed administrations only (before
// submission there are no scores). A PID5BF+M test gives its six ICD-11 trait domains and total, German T only. The same CSV rules as the dashboard export (export-csv.ts): UTF-8 with a BOM,
// RFC 4180 quoting, CRLF, the formula guard on every text cell.

export const PATIENT_CSV_HEADERS: readonly string[] = [
  'Patient ID',
  'Clinician ID',
  'Assessment ID',
  'Form',
  'Date Created',
  'Date Completed',
  'Validity',
  'Scale Type',
  'Scale Key',
  'Scale',
  'Score',
  'US T',
  'US T Beyond Table',
  // As a percentage, like the German percentile and the dashboard's export; 100 and 0 are the table's ends.
  'US Percentile',
  'US Percentile Beyond Table',
  // Which norms each z is against, as in the dashboard's export: never the ambiguous SRF/IRF.
  `z (${US_NORMS})`,
  // The German T as published for the patient's group (docs/decisions/0073-german-norms-as-published.md).
  `T (${DE_NORMS})`,
  `T 95% interval low (${DE_NORMS})`,
  `T 95% interval high (${DE_NORMS})`,
  `percentile (${DE_NORMS})`,
  `T extrapolated (${DE_NORMS})`,
  'German Norms Group',
  // Kept for continuity, named for what it is: not the published German T.
  `derived z (${DE_NORMS})`,
  'Level',
  'Instrument Version',
  'Norms Version',
];

interface AdministrationFields {
  patientId: string;
  clinicianId: string;
  id: number;
  createdAt: Date;
  finishedAt: Date;
  validityLabel: string;
}

export type PatientCsvAdministration = AdministrationFields &
  (
    | {
        form: FormId;
        score: AnyScoreResult;
        /** The patient's gender and age recorded with the test, for the German reference group. */
        reference: { gender: string; age: number | null };
      }
    | { form: 'BFM'; bfm: BfmScoreResult }
  );

interface CsvScale {
  key: string;
  name: string;
  score: number | null;
  srf: number | null;
  irf: number | null;
  level: string | null;
  us: { t: number; percentile: number; capped: 'above' | 'below' | null } | null;
}

function scalesOf(score: AnyScoreResult): { type: string; scale: CsvScale }[] {
  // The instrument's order, not the stored object's (jsonb sorts its keys).
  const domains = scalesInOrder<CsvScale>(DOMAIN_KEYS, score.domains).map((scale) => ({ type: 'domain', scale }));
  if (score.form === 'BF') {
    return [...domains, { type: 'total', scale: score.total as CsvScale }];
  }
  return [...scalesInOrder<CsvScale>(FACET_KEYS, score.facets).map((scale) => ({ type: 'facet', scale })), ...domains];
}

const text = (value: string) => guardCsvCell(value);

/** A printed percentile at the table's end says only "more than 99" (1.00) or "less than 1" (0.00). */
function percentileBeyondTable(percentile: number): 'above' | 'below' | null {
  return percentile >= 1 ? 'above' : percentile <= 0 ? 'below' : null;
}

/** The whole file (a patient has a handful of administrations: a few hundred rows). */
export function encodePatientCsv(administrations: readonly PatientCsvAdministration[]): string {
  const lines = ['\uFEFF', encodeCsvRecord(PATIENT_CSV_HEADERS)];
  for (const a of administrations) {
    lines.push(...('bfm' in a ? bfmRecords(a) : pid5Records(a)));
  }
  return lines.join('');
}

/** The cells every row of an administration begins with, up to its validity verdict. */
function administrationCells(a: AdministrationFields & { form: string }): CsvCell[] {
  return [
    text(a.patientId),
    text(a.clinicianId),
    a.id,
    a.form,
    a.createdAt.toISOString(),
    a.finishedAt.toISOString(),
    text(a.validityLabel),
  ];
}

/** The German reading's cells, from the T to the reference group (empty where the scale has no reading). */
function germanCells(de: TGermanNormReading | null, groupName: string): CsvCell[] {
  return [
    de?.tText ?? null,
    de ? de.tLow.toFixed(1) : null,
    de ? de.tHigh.toFixed(1) : null,
    de ? formatGermanPercentile(de.percentile) : null,
    de ? (de.extrapolated ? 'yes' : 'no') : null,
    groupName,
  ];
}

/** A PID-5 form's rows: facets then domains (or the brief form's domains and total), US and German readings. */
function pid5Records(a: Extract<PatientCsvAdministration, { score: AnyScoreResult }>): string[] {
  const german = germanReadingsOfScore(a.score, a.reference);
  const groupName = `${german.group.gender} ${german.group.ageGroup}`;
  return scalesOf(a.score).map(({ type, scale }) =>
    encodeCsvRecord([
      ...administrationCells(a),
      type,
      scale.key,
      text(scale.name),
      scale.score,
      scale.us?.t ?? null,
      scale.us?.capped ?? null,
      scale.us ? formatCsvPercentile(scale.us.percentile) : null,
      scale.us ? percentileBeyondTable(scale.us.percentile) : null,
      scale.srf,
      ...germanCells(german.scales[scale.key] ?? null, groupName),
      scale.irf,
      // The results' words: a level, 'Not elevated' below Mild; empty when not scored, like the numbers.
      scale.us ? (scale.level ?? NO_LEVEL_LABEL) : null,
      text(a.score.instrumentVersion),
      text(a.score.normsVersion),
    ]),
  );
}

/** A PID5BF+M test's rows: its six trait domains and total, German T only (no US norms, z or level exist). */
function bfmRecords(a: Extract<PatientCsvAdministration, { bfm: BfmScoreResult }>): string[] {
  const bfm = presentBfm(a.bfm);
  const groupName = `${bfm.group.gender} ${bfm.group.ageGroup}`;
  const scales = [
    ...bfm.domains.map((domain) => ({ type: 'domain', ...domain })),
    { type: 'total', key: 'Total', ...bfm.total },
  ];
  return scales.map((scale) =>
    encodeCsvRecord([
      ...administrationCells(a),
      scale.type,
      scale.key,
      text(scale.name),
      scale.score,
      null,
      null,
      null,
      null,
      null,
      ...germanCells(scale.de, groupName),
      null,
      null,
      text(a.bfm.instrumentVersion),
      text(a.bfm.normsVersion),
    ]),
  );
}
