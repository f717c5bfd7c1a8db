import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLocalLoginRequest, TLocalRegisterRequest, ViewMode } from '@pid5/contract';
import { apiRequest, ApiError } from './client';

export const meQueryKey = ['me'] as const;

/** The signed-in user, from the server session; `null` when signed out. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      try {
        return await apiRequest('me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useAuthMethods() {
  return useQuery({
    queryKey: ['auth-methods'],
    queryFn: () => apiRequest('authMethods'),
    staleTime: Infinity,
  });
}

export function useSetViewMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewMode: ViewMode) => apiRequest('setViewMode', { body: { viewMode } }),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
      // Every list and detail depends on the view: refetch them in the new one.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}

export function useLocalLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLocalLoginRequest) => apiRequest('localLogin', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useLocalRegister() {
  return useMutation({
    mutationFn: (body: TLocalRegisterRequest) => apiRequest('localRegister', { body }),
  });
}

/** Ends the session on the server, forgets every cached answer, and goes where the server says (/login). */
export async function logout(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  let redirectTo = '/login';
  try {
    redirectTo = (await apiRequest('logout')).redirectTo;
  } catch {
    // Even if the server is unreachable, leave the signed-in pages.
  }
  queryClient.clear();
  window.location.assign(redirectTo);
}
