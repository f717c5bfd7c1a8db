import { useQuery } from '@tanstack/react-query';
import type { TAssessmentResults } from '@pid5/contract';
import { assessmentsKey } from './assessments';
import { apiFetch } from './client';

/**
 * `GET /api/assessments/{id}/results`: the scores frozen at submission (or, for admins, computed live for an
 * unfinished test). Under the 'assessments' key, so a view switch or a change to the test refetches it.
 */
export function useResults(id: number | string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'results', String(id)],
    queryFn: ({ signal }) =>
      apiFetch<TAssessmentResults>(`/api/assessments/${encodeURIComponent(String(id ?? ''))}/results`, { signal }),
    enabled: id !== undefined,
  });
}
