import { useQuery } from '@tanstack/react-query';
import { assessmentsKey } from './assessments';
import { apiRequest } from './client';

/** `GET /api/assessments/{id}/answer-history` (admins): every change of the answers, newest first, and who made it. */
export function useAnswerHistory(id: number | string | undefined) {
  return useQuery({
    queryKey: [...assessmentsKey, 'answer-history', String(id)],
    queryFn: ({ signal }) => apiRequest('getAnswerHistory', { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}
