import type { TPatientItemSet, TPatientTest } from '@pid5/contract';
import { patientTestStatus } from '../assessments/assessment-lifecycle';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import type { PatientTestRow } from './patient.repo';

export function presentItemSet(itemSet: ActiveItemSet): TPatientItemSet {
  return {
    id: itemSet.id,
    title: itemSet.title,
    language: itemSet.language,
    answerLabels: [...itemSet.answerLabels],
    items: itemSet.items.map((item) => ({ number: item.number, text: item.text })),
  };
}

/** Row → what the patient page needs (its status decided on every load); no clinician, demographics, scores or row id. */
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
