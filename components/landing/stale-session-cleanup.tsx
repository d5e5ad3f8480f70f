"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { clearSession, useSession } from "@/lib/client/session";

/**
 * The server sends a visitor with a valid session cookie to /app before this page renders
 * (spec: a logged-in visitor is sent to /app). So a token still in local storage here is one
 * the server no longer accepts: forget it and ask the visitor to sign in again.
 */
export function StaleSessionCleanup() {
  const router = useRouter();
  const { ready, token } = useSession();
  useEffect(() => {
    if (!ready || !token) return;
    clearSession();
    router.replace("/login");
  }, [ready, token, router]);
  return null;
}
