/**
 * A row of the CSV export as listAssessmentsAfter (modules/assessments/assessments.repo.ts) reads it (EXPORT_CELLS), in the order of the CSV's columns (without
 * the status, which export-csv.ts derives, and with the score cells where the score columns start). Times are seconds
 * since the epoch, the diagnoses are joined by '; ', and the score values (db/score-values.ts order) come as CSV cells: each number as
 * PostgreSQL's shortest exact text (e.g. 0.4876033057851241, -1.5, 5e-05), a scale not scored as an empty cell,
 * null for a test without scores; the validity cells and total likewise from their generated column, export_values
 * (never the scores JSON itself). Never the link code.
 */
export type AssessmentExportRow = [
  id: number,
  patientId: string,
  /** Null from the query; the export fills it from one read per clinician (modules/assessments/assessments.service.ts). */
  clinicianName: string | null,
  clinicianId: string,
  createdAt: number,
  dueAt: number,
  finishedAt: number | null,
  answeredCount: number,
  age: number,
  gender: string,
  race: string,
  postalCode: string,
  country: string,
  diagnoses: string,
  primaryDsm: string,
  responses: string,
  instrumentVersion: string | null,
  normsVersion: string | null,
  scoreCells: string | null,
  consentAgreedAt: number | null,
  termsId: number | null,
  /**
   * The frozen verdict's validity cells and the brief form's total as JSON text (export-values.ts), parsed only
   * for a verdict the export has not met yet; null before submission.
   */
  exportValues: string | null,
  /** The form given: FULL, SF, BF or BFM. */
  form: 'FULL' | 'SF' | 'BF' | 'BFM',
  /** The language the test is given in (DESIGN.md "Languages"). */
  language: string,
];
