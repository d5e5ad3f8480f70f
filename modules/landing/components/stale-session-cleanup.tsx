"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/**
 * The server sends a visitor with a valid session cookie to /app before this page renders
 * (spec: a logged-in visitor is sent to /app). So a token still in local storage here is one
 * the server no longer accepts: forget it and ask the visitor to sign in again. The session
 * module (and the storage schemas under it) loads after the page, not with it.
 */
export function StaleSessionCleanup() {
  const router = useRouter();
  useEffect(() => {
    let cancelled = false;
    void import("@/lib/client/session").then(({ clearSession, readSession }) => {
      if (cancelled || !readSession().token) return;
      clearSession();
      router.replace("/login");
    });
    return () => {
      cancelled = true;
    };
  }, [router]);
  return null;
}
