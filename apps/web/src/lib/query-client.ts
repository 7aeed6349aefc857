import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline the request is still made once: the service worker answers it with the last
        // saved answer (vite.config.ts), so the app shows what was last loaded.
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
