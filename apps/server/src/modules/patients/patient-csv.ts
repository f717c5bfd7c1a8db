import { NO_LEVEL_LABEL } from '@pid5/contract';
import { DOMAIN_KEYS, FACET_KEYS, scalesInOrder, type AnyScoreResult, type FormId } from '@pid5/instrument';
import { DE_NORMS, formatCsvPercentile, formatGermanPercentile, US_NORMS } from '../csv-export/export-columns';
import { germanReadingsOfScore } from '../results/trait-models';
import { encodeCsvRecord, guardCsvCell, type CsvCell } from '../csv-export/export-csv';

// One patient's scores in long format: one row per administration × scale, for an institute's own
// analysis over time (a spreadsheet's pivot, R's or pandas' long data). Completed administrations only (before
// submission there are no scores). The same CSV rules as the dashboard export (export-csv.ts): UTF-8 with a BOM,
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

export interface PatientCsvAdministration {
  patientId: string;
  clinicianId: string;
  id: number;
  form: FormId;
  createdAt: Date;
  finishedAt: Date;
  validityLabel: string;
  score: AnyScoreResult;
  /** The patient's gender and age recorded with the test, for the German reference group. */
  reference: { gender: string; age: number | null };
}

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
    const german = germanReadingsOfScore(a.score, a.reference);
    const groupName = `${german.group.gender} ${german.group.ageGroup}`;
    for (const { type, scale } of scalesOf(a.score)) {
      const de = german.scales[scale.key] ?? null;
      const cells: CsvCell[] = [
        text(a.patientId),
        text(a.clinicianId),
        a.id,
        a.form,
        a.createdAt.toISOString(),
        a.finishedAt.toISOString(),
        text(a.validityLabel),
        type,
        scale.key,
        text(scale.name),
        scale.score,
        scale.us?.t ?? null,
        scale.us?.capped ?? null,
        scale.us ? formatCsvPercentile(scale.us.percentile) : null,
        scale.us ? percentileBeyondTable(scale.us.percentile) : null,
        scale.srf,
        de?.tText ?? null,
        de ? de.tLow.toFixed(1) : null,
        de ? de.tHigh.toFixed(1) : null,
        de ? formatGermanPercentile(de.percentile) : null,
        de ? (de.extrapolated ? 'yes' : 'no') : null,
        groupName,
        scale.irf,
        // The results' words: a level, 'Not elevated' below Mild; empty when not scored, like the numbers.
        scale.us ? (scale.level ?? NO_LEVEL_LABEL) : null,
        text(a.score.instrumentVersion),
        text(a.score.normsVersion),
      ];
      lines.push(encodeCsvRecord(cells));
    }
  }
  return lines.join('');
}
