import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAuditAction, TGrantCreditsRequest } from '@pid5/contract';
import { creditsKey } from './assessments';
import { apiRequest } from './client';

const adminKey = ['admin'] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: [...adminKey, 'users'],
    queryFn: ({ signal }) => apiRequest('listAdminUsers', { signal }),
  });
}

export function useCreditLedger(params: { page: number }) {
  return useQuery({
    queryKey: [...adminKey, 'credits', params],
    queryFn: ({ signal }) => apiRequest('listCreditLedger', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGrantCreditsRequest) => apiRequest('grantCredits', { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey }),
        queryClient.invalidateQueries({ queryKey: creditsKey }),
      ]);
    },
  });
}

/** The audit page's filters as they stand in its URL ('' where a filter is not set). */
export interface AuditFilters {
  action: TAuditAction | '';
  actor: string;
  assessmentId: string;
  patientId: string;
  page: number;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: [...adminKey, 'audit', filters],
    queryFn: ({ signal }) =>
      apiRequest('listAuditEvents', {
        query: {
          action: filters.action || undefined,
          actor: filters.actor || undefined,
          assessmentId: filters.assessmentId ? Number(filters.assessmentId) : undefined,
          patientId: filters.patientId || undefined,
          page: filters.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
