import { ANSWER_HISTORY_LIMIT, type TAnswerHistory } from '@pid5/contract';
import { recordAudit } from '../../audit/audit-log-writer';
import { findOwnedAssessment } from '../results/results.service';
import { presentAnswerChange } from './answer-history.presenter';
import { listAnswerChanges } from './answer-history.repo';
import type { AuditedServiceContext } from '../service-context';

/**
 * The answer history of a test the session may see (else 404, as its details): every change of its answers, newest
 * first (the newest ANSWER_HISTORY_LIMIT), audited as a read of patient data (`assessment.history`).
 */
export async function readAnswerHistory(
  options: AuditedServiceContext & {
    id: number;
  },
): Promise<TAnswerHistory> {
  const { db, session } = options;
  const { found, view } = await findOwnedAssessment({ db, session, id: options.id });
  const history = await listAnswerChanges(db, { assessmentId: found.assessment.id, limit: ANSWER_HISTORY_LIMIT });
  await recordAudit(db, {
    actor: session.user.id,
    action: 'assessment.history',
    assessmentId: found.assessment.id,
    ip: options.ip,
    at: options.now,
    details: { view, changes: history.total },
  });
  return { items: history.rows.map(presentAnswerChange), total: history.total };
}
