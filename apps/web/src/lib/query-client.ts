import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSilentError } from './api-errors';

/** Client errors will not change on a second try, and silent ones must never be retried or shown. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isSilentError(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache(),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
