import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assessmentsKey } from './assessments';
import { apiRequest } from './client';

// One patient over time: the timeline of a test's patient, sharing, and the comparison of two tests.
// Under the 'assessments' key, so a view switch or a change to a test refetches them.

export function usePatientTimeline(id: number | string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'patient', String(id)],
    queryFn: ({ signal }) => apiRequest('getPatientTimeline', { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** Share the patient with a colleague (`share`) or end a share (`revoke`); the timeline is read again after. */
export function useSharePatient(id: number, action: 'share' | 'revoke') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (granteeId: string) =>
      apiRequest(action === 'share' ? 'sharePatient' : 'revokePatientShare', { params: { id }, body: { granteeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...assessmentsKey, 'patient'] }),
  });
}

/** The patients other clinicians have shared with the signed-in user. */
export function useSharedWithMe() {
  return useQuery({
    queryKey: [...assessmentsKey, 'shared-with-me'],
    queryFn: ({ signal }) => apiRequest('listSharedWithMe', { signal }),
  });
}

export function useComparison(id: string | undefined, otherId: string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'compare', id, otherId],
    queryFn: ({ signal }) =>
      apiRequest('compareAdministrations', { params: { id: id ?? '' }, query: { with: Number(otherId) }, signal }),
    enabled: id !== undefined && otherId !== undefined,
  });
}

/** The address of the patient's long CSV (a plain download: the browser sends the session cookie). */
export function patientCsvUrl(id: number): string {
  return `/api/assessments/${id}/patient.csv`;
}
