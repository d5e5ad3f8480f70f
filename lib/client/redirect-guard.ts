"use client";

/**
 * Breaks the redirect loop a stale session would cause: the token in localStorage says
 * "signed in" (so / and /login send the visitor to /app) while the server-side cookie is
 * gone or expired (so the proxy sends /app back to /login). The public pages mark each
 * automatic hop towards /app; the /app shell clears the mark once it really renders. A mark
 * still present on the next public page means the hop bounced.
 */
const KEY = "auth.redirecting";
const WINDOW_MS = 15_000;

export function markRedirectToApp(): void {
  try {
    window.sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // no sessionStorage: loops stay impossible to detect, but nothing breaks
  }
}

/** True when an automatic hop to /app started recently and never arrived. */
export function redirectBounced(): boolean {
  try {
    return Date.now() - Number(window.sessionStorage.getItem(KEY) ?? 0) < WINDOW_MS;
  } catch {
    return false;
  }
}

export function clearRedirectMark(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // see above
  }
}
