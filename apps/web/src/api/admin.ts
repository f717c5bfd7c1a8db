import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAuditAction, TErasePatientRequest, TGrantCreditsRequest, TPatientDataQuery } from '@pid5/contract';
import { saveFile } from '../lib/save-file';
import { assessmentsKey, creditsKey } from './assessments';
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

/**
 * Everything stored about one patient (the server's JSON export), saved as a file named after the identifier (only
 * letters, digits, '-' and '_' of it) and the day.
 */
export async function downloadPatientData(query: TPatientDataQuery): Promise<number> {
  const data = await apiRequest('exportPatientData', { query });
  const safeId = query.patientId.replace(/[^A-Za-z0-9_-]+/g, '_');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(blob, `patient-data-${safeId}-${data.exportedAt.slice(0, 10)}.json`);
  return data.administrations.length;
}

export function useErasePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TErasePatientRequest) => apiRequest('erasePatient', { body }),
    // The tests are gone from the lists; the balances stay (erased tests stay used), the audit log grew.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey }),
        queryClient.invalidateQueries({ queryKey: assessmentsKey }),
      ]);
    },
  });
}
