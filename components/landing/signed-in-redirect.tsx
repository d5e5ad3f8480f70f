"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { clearRedirectMark, markRedirectToApp, redirectBounced } from "@/lib/client/redirect-guard";
import { clearSession, useSession } from "@/lib/client/session";

/** Spec: a logged-in visitor of the landing page is sent to /app. Renders nothing. */
export function SignedInRedirect() {
  const router = useRouter();
  const { ready, token } = useSession();
  useEffect(() => {
    if (!ready || !token) return;
    if (redirectBounced()) {
      // The server no longer accepts this session: forget it instead of bouncing forever.
      clearRedirectMark();
      clearSession();
      return;
    }
    markRedirectToApp();
    router.replace("/app");
  }, [ready, token, router]);
  return null;
}
