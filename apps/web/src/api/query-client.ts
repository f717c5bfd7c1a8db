import { QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from './client';

/**
 * The staff app's query cache. Every query: one more try after a network or server failure, none after a refusal
 * (4xx would only come again). Component tests build theirs here too, so they run the app's retry rule;
 * `retryDelay` lets them retry at once.
 */
export function createQueryClient(options: { retryDelay?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, retryDelay: options.retryDelay },
    },
  });
}
