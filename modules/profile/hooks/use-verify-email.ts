"use client";

import { useEffect, useState } from "react";
import { apiClient } from "@/lib/client/api-client";
import { verifyCompleteResponseSchema } from "@/lib/email/schemas";
import { completeVerification, type VerifyOutcome } from "@/lib/email/verify-outcome";

export type VerifyPhase = { state: "idle" } | { state: "verifying" } | VerifyOutcome;

// One request per token even if React runs the effect twice (Strict Mode) or the page
// re-mounts: a second POST of the same token would be refused as already used.
const inFlight = new Map<string, Promise<VerifyOutcome>>();

function verifyOnce(token: string | null) {
  const key = token ?? "";
  let promise = inFlight.get(key);
  if (!promise) {
    promise = completeVerification(token, (t) =>
      apiClient.post(
        "/api/auth/email/verify-complete",
        { token: t },
        { schema: verifyCompleteResponseSchema, credential: "none" },
      ),
    );
    inFlight.set(key, promise);
  }
  return promise;
}

/** The mailed link's token, sent once: idle, then verifying, then the outcome. */
export function useEmailLinkVerification(token: string | null): VerifyPhase {
  const [phase, setPhase] = useState<VerifyPhase>({ state: "idle" });
  useEffect(() => {
    let live = true;
    const start = setTimeout(() => {
      if (!live) return;
      setPhase(token ? { state: "verifying" } : { state: "idle" });
      void verifyOnce(token).then((outcome) => live && setPhase(outcome));
    }, 0);
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [token]);
  return phase;
}
