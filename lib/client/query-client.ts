import "client-only";
import { QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-error";

/**
 * Defaults for the app's TanStack Query cache. A 4xx answer is the server's decision and is
 * not retried (a retried 429 only lengthens the wait); network errors and 5xx get two retries.
 * Windows regaining focus do not refetch: screens that must stay fresh poll on purpose.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 2 &&
          !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
