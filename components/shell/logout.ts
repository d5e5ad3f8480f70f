"use client";

import { apiFetch } from "@/lib/client/api";
import { clearSession } from "@/lib/client/session";

/**
 * Ends the session on the server (which also clears the httpOnly cookie) and then locally.
 * Local state is cleared even if the call fails: the user asked to leave, and a dead
 * token is harmless once forgotten.
 */
export async function logout(): Promise<void> {
  try {
    await apiFetch("/api/auth/logout", { method: "POST" });
  } catch {
    // offline or server down: still sign out locally
  } finally {
    clearSession();
  }
}
