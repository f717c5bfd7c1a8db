import type { PatientTestStatus, TPatientItemSet, TPatientTest } from '@pid5/contract';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import type { PatientTestRow } from './patient.repo';

/** Spec §4, decided on every load: finished wins, then the due date, then consent. */
export function patientTestStatus(row: PatientTestRow, now: Date): PatientTestStatus {
  if (row.finishedAt) {
    return 'completed';
  }
  if (now.getTime() >= row.dueAt.getTime()) {
    return 'expired';
  }
  return row.consentAgreedAt ? 'in-progress' : 'consent-required';
}

export function presentItemSet(itemSet: ActiveItemSet): TPatientItemSet {
  return {
    id: itemSet.id,
    title: itemSet.title,
    language: itemSet.language,
    answerLabels: [...itemSet.answerLabels],
    items: itemSet.items.map((item) => ({ number: item.number, text: item.text })),
  };
}

/** Row → what the patient page needs; no clinician, demographics, scores or row id. */
export function presentPatientTest(row: PatientTestRow, options: { now: Date; itemSet: ActiveItemSet }): TPatientTest {
  const status = patientTestStatus(row, options.now);
  return {
    status,
    answers: row.responses,
    answeredCount: row.answeredCount,
    dueAt: row.dueAt.toISOString(),
    itemSet: status === 'in-progress' ? presentItemSet(options.itemSet) : null,
  };
}
