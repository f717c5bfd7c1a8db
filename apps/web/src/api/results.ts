import { useQuery } from '@tanstack/react-query';
import { assessmentsKey } from './assessments';
import { apiRequest } from './client';

/**
 * `GET /api/assessments/{id}/results`: the scores frozen at submission (or, for admins, computed live for an
 * unfinished test). Under the 'assessments' key, so a view switch or a change to the test refetches it.
 */
export function useResults(id: number | string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'results', String(id)],
    queryFn: ({ signal }) => apiRequest('getResults', { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}
