import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWixSyncRequest } from '@pid5/contract';
import { apiRequest } from './client';

/** The admin's 'Sync orders': purchased tests from the Wix site's orders into the ledger. */
export function useSyncWixOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWixSyncRequest) => apiRequest('syncWixOrders', { body }),
    // Balances, the ledger and everyone's tests available may all have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
