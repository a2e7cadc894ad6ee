import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';

/** `meta` flags understood across the app (see the global loading indicator). */
type AppQueryMeta = {
  /** Do not show the global loading indicator for this request (spec 4). */
  skipGlobalLoader?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

export const queryConfig = {
  queries: {
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // Each failure already shows a notification; retry once only when no answer came.
    retry: (failureCount, error) =>
      error instanceof ApiError && error.status === 0 && failureCount < 1,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
