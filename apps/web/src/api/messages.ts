import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateRetestSeriesRequest, TSendInvitationRequest, TUpdateMySettingsRequest } from '@pid5/contract';
import { apiRequest } from './client';

// E-mail about a test (the invitation, reminders, delivery states) and the clinician's own message settings.

const messagesKey = (id: number) => ['assessments', 'messages', id] as const;
const settingsKey = ['me', 'settings'] as const;

/** The messages about a test; polled while one is still on its way, so a failure or delivery shows up by itself. */
export function useTestMessages(id: number) {
  return useQuery({
    queryKey: messagesKey(id),
    queryFn: ({ signal }) => apiRequest('getTestMessages', { params: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.state === 'queued' || m.state === 'sending' || m.state === 'failed')
        ? 5_000
        : false,
  });
}

export function useSendInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendInvitationRequest) => apiRequest('sendInvitation', { params: { id }, body }),
    onSuccess: (data) => queryClient.setQueryData(messagesKey(id), data),
  });
}

export function useSetReminders(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiRequest('setReminders', { params: { id }, body: { enabled } }),
    onSuccess: (data) => queryClient.setQueryData(messagesKey(id), data),
  });
}

export function useMySettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => apiRequest('getMySettings', { signal }) });
}

export function useUpdateMySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TUpdateMySettingsRequest) => apiRequest('updateMySettings', { body: settings }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}

const retestKey = (id: number) => ['assessments', 'retest-series', id] as const;

/** The series of re-tests started from a completed test. */
export function useRetestSeries(id: number) {
  return useQuery({
    queryKey: retestKey(id),
    queryFn: ({ signal }) => apiRequest('getRetestSeries', { params: { id }, signal }),
  });
}

export function useStartRetestSeries(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateRetestSeriesRequest) => apiRequest('createRetestSeries', { params: { id }, body }),
    onSuccess: (data) => queryClient.setQueryData(retestKey(id), data),
  });
}

export function useUpdateRetestSeries(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'end') =>
      apiRequest('updateRetestSeries', { params: { id }, body: { action } }),
    onSuccess: (data) => queryClient.setQueryData(retestKey(id), data),
  });
}
