import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminUsers,
  TAuditPage,
  TCreditLedgerPage,
  TGrantCreditsRequest,
  TGrantCreditsResponse,
} from '@pid5/contract';
import { creditsKey } from './assessments';
import { apiFetch } from './client';

const adminKey = ['admin'] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: [...adminKey, 'users'],
    queryFn: ({ signal }) => apiFetch<TAdminUsers>('/api/admin/users', { signal }),
  });
}

export function useCreditLedger(params: { page: number }) {
  return useQuery({
    queryKey: [...adminKey, 'credits', params],
    queryFn: ({ signal }) => apiFetch<TCreditLedgerPage>(`/api/admin/credits?page=${params.page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGrantCreditsRequest) =>
      apiFetch<TGrantCreditsResponse>('/api/admin/credits', { method: 'POST', json: body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey }),
        queryClient.invalidateQueries({ queryKey: creditsKey }),
      ]);
    },
  });
}

export interface AuditFilters {
  action: string;
  actor: string;
  assessmentId: string;
  page: number;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: [...adminKey, 'audit', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page) });
      if (filters.action) {
        query.set('action', filters.action);
      }
      if (filters.actor) {
        query.set('actor', filters.actor);
      }
      if (filters.assessmentId) {
        query.set('assessmentId', filters.assessmentId);
      }
      return apiFetch<TAuditPage>(`/api/admin/audit?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
