import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWixSyncRequest, TWixSyncResponse } from '@pid5/contract';
import { apiFetch } from './client';

/** The admin's 'Sync orders': purchased tests from the Wix site's orders into the ledger. */
export function useSyncWixOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWixSyncRequest) =>
      apiFetch<TWixSyncResponse>('/api/admin/credits/sync-wix', { method: 'POST', json: body }),
    // Balances, the ledger and everyone's tests available may all have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
