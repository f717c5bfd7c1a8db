import { useQuery } from '@tanstack/react-query';
import type { TAnswerHistory } from '@pid5/contract';
import { assessmentsKey } from './assessments';
import { apiFetch } from './client';

/** `GET /api/assessments/{id}/answer-history` (admins): every change of the answers, newest first, and who made it. */
export function useAnswerHistory(id: number | string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'answer-history', String(id)],
    queryFn: ({ signal }) =>
      apiFetch<TAnswerHistory>(`/api/assessments/${encodeURIComponent(String(id ?? ''))}/answer-history`, { signal }),
    enabled: id !== undefined,
  });
}
