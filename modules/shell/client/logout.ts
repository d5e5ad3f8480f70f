import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { logoutAnswer } from "@/lib/client/generated/auth.gen";
import { clearSession, readSession } from "@/lib/client/session";

/**
 * Ends the session on the server (which also clears the httpOnly cookie) and then locally.
 * Local state is cleared even if the call fails: the user asked to leave, and a dead
 * token is harmless once forgotten. Without a stored token the call still goes out: the
 * route accepts the session cookie for sign-out.
 */
export async function logout(): Promise<void> {
  try {
    await apiClient.post("/api/auth/logout", undefined, {
      schema: logoutAnswer,
      credential: readSession().token ? "rep" : "none",
    });
  } catch {
    // offline, server down or session already gone: still sign out locally
  } finally {
    clearSession();
  }
}

let leaving: Promise<void> | null = null;

/**
 * Signs out and loads the sign-in page afresh: a full load, not a client navigation, so that no
 * prefetched copy of a page fetched while signed in (the router's cache, the query cache) can
 * bring the old session back or leave the previous rep's data in memory.
 *
 * Once per page: signing out clears the stored token, which makes the shell sign out as well
 * (app-shell.tsx). A second run would send a second logout and start a second load of /login
 * that aborts the first.
 */
export function logoutToLogin(): Promise<void> {
  leaving ??= logout().then(() => window.location.replace("/login"));
  return leaving;
}
