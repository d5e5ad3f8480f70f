import "client-only";
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-error";

/**
 * A query of a signed-in screen answered 401 by the server: the session ended elsewhere (a
 * manager deactivated the member, a password change or sign-out on another device, the CLI).
 * The open page signs out at once instead of showing errors: /session-expired clears the cookie
 * and shows sign-in. Only under /app (the operator console has its own token and screen), and
 * only the server's answer, not a missing token (`no_credential`: the page is signing out).
 */
function signOutWhenSessionEnded(error: unknown) {
  if (!(error instanceof ApiClientError) || error.status !== 401) return;
  if (error.code === "no_credential") return;
  signOutEndedSession();
}

/** Signs an /app page out because the server no longer accepts its session (also the live channel). */
export function signOutEndedSession() {
  if (typeof window === "undefined") return;
  if (!/^\/app(\/|$)/.test(window.location.pathname)) return;
  // A full load on purpose: /session-expired is a route handler that clears the httpOnly cookie.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/session-expired");
}

/**
 * Defaults for the app's TanStack Query cache. A 4xx answer is the server's decision and is
 * not retried (a retried 429 only lengthens the wait); network errors and 5xx get two retries.
 * Windows regaining focus do not refetch: screens that must stay fresh poll on purpose.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: signOutWhenSessionEnded }),
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
