import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, parsePageNumber, type TAuditAction } from '@pid5/contract';
import { useAdminUsers, useAuditLog } from '../../api/admin';
import { filterSearchParams } from '../../lib/search-params';

export const isAuditAction = (text: string): text is TAuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(text);

/** A test number as typed in the filter (the server's ids are positive integers). */
export const isAssessmentId = (text: string) => /^[1-9][0-9]{0,14}$/.test(text);

/** A change to the audit log's filters; any change but the page's starts again at page 1. */
export type AuditQueryChange = Partial<Record<'action' | 'actor' | 'assessmentId' | 'patientId', string>> & {
  page?: number;
};

/**
 * The audit log as the URL asks for it (action, actor, test number, patient, page), a value not understood ignored,
 * and the admin users the actor filter lists.
 */
export function useAuditQuery() {
  const [params, setParams] = useSearchParams();
  const users = useAdminUsers();
  const actionParam = params.get('action') ?? '';
  const action = isAuditAction(actionParam) ? actionParam : '';
  const actor = params.get('actor') ?? '';
  const assessmentParam = params.get('assessmentId') ?? '';
  const assessmentId = isAssessmentId(assessmentParam) ? assessmentParam : '';
  const patientId = (params.get('patientId') ?? '').trim();
  const page = parsePageNumber(params.get('page'));
  const log = useAuditLog({ action, actor, assessmentId, patientId, page });

  return {
    action,
    actor,
    assessmentId,
    patientId,
    page,
    log,
    users,
    isFiltered: Boolean(action || actor || assessmentId || patientId),
    update: (changes: AuditQueryChange) => {
      setParams(filterSearchParams({ action, actor, assessmentId, patientId, page: 1, ...changes }, { page: 1 }));
    },
    clear: () => setParams(new URLSearchParams()),
  };
}

export type AuditQuery = ReturnType<typeof useAuditQuery>;
