import type { TAssessmentResults, ViewMode } from '@pid5/contract';
import { demoItemSet, scoreResponses, type ScoreResult } from '@pid5/instrument';
import type { ActiveSession } from '../../auth/sessions';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { AssessmentRow, AssessmentWithClinician } from '../assessments/assessments.repo';
import { getAssessment, resolveView } from '../assessments/assessments.service';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import { presentResults } from './results.presenter';
import { readStoredScores } from './stored-scores';

export interface VisibleAssessment {
  found: AssessmentWithClinician;
  view: ViewMode;
}

/**
 * The assessment if this session may see it, else 404 (the details page's rule, DESIGN.md §2: the owning clinician,
 * or an admin in the admin view; another clinician's test answers exactly like a missing one).
 */
export async function findVisibleAssessment(options: {
  db: Db;
  session: ActiveSession;
  id: number;
}): Promise<VisibleAssessment> {
  const { view, scope } = resolveView(options.session);
  const found = await getAssessment({ db: options.db, id: options.id, scope });
  return { found, view };
}

export function testIncomplete(): AppError {
  return new AppError(
    'TEST_INCOMPLETE',
    'This test is not finished yet. Results and the report are available once the patient has answered all 220 ' +
      'questions and submitted the test.',
  );
}

function describeItemSet(id: string | null, active: ActiveItemSet): TAssessmentResults['itemSet'] {
  if (id === null) {
    return { id: null, title: null, isDemo: null };
  }
  return { id, title: id === active.id ? active.title : null, isDemo: id === demoItemSet.id };
}

/**
 * The scores of an assessment: for a finished test those frozen at submission (recomputed from the stored
 * answers only if the stored value is missing or unreadable); for an unfinished one computed now from the answers
 * so far, with the instrument's missing-item rules.
 */
export function scoreAssessment(row: AssessmentRow): { score: ScoreResult; source: 'frozen' | 'live' } {
  if (row.finishedAt) {
    const stored = readStoredScores(row.scores);
    if (stored) {
      return { score: stored, source: 'frozen' };
    }
  }
  return { score: scoreResponses(row.responses), source: 'live' };
}

/**
 * Results for the results API and the report. Unfinished tests have results only in the admin view (the data
 * view); a clinician sees them once the test is submitted.
 */
export function buildResults(options: {
  row: AssessmentRow;
  view: ViewMode;
  itemSet: ActiveItemSet;
}): TAssessmentResults {
  const { row } = options;
  if (!row.finishedAt && options.view !== 'admin') {
    throw testIncomplete();
  }
  const { score, source } = scoreAssessment(row);
  const itemSetId = row.finishedAt ? row.itemSetId : options.itemSet.id;
  return presentResults(score, {
    assessmentId: row.id,
    isFinished: row.finishedAt !== null,
    finishedAt: row.finishedAt,
    scoresSource: source,
    itemSet: describeItemSet(itemSetId, options.itemSet),
    // Spec §2: the raw test data string is part of the admin data view only.
    responses: options.view === 'admin' ? row.responses : null,
  });
}
