import "client-only";
import { useEffect, useState, useSyncExternalStore } from "react";
import { profileResponseSchema } from "@/lib/accounts/schemas";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import { readSession } from "@/lib/client/session";
import { readStored, verifyCooldownKey, writeStored } from "@/lib/client/storage";
import { verifyRequestResponseSchema } from "@/lib/email/schemas";
import {
  createVerificationMachine,
  initialVerificationState,
  type ProfileAnswer,
  type VerificationMachine,
} from "@/modules/profile/lib/verification-machine";

function fetchProfile(first: boolean): Promise<ProfileAnswer> {
  // Spec section 7: the first profile call bypasses every cache.
  return apiClient.get("/api/auth/profile", {
    schema: profileResponseSchema,
    credential: "rep",
    cache: first ? "no-store" : undefined,
  });
}

async function requestLink(email: string) {
  try {
    await apiClient.post(
      "/api/auth/email/verify-request",
      { email },
      { schema: verifyRequestResponseSchema, credential: "rep" },
    );
    return { ok: true, status: 200 };
  } catch (error) {
    // The machine tells refusals apart by status; a network failure rejects, as before.
    if (error instanceof ApiClientError && error.code !== "network") {
      return { ok: false, status: error.status };
    }
    throw error;
  }
}

// Per tab and per user: when the last link was sent, so the countdown survives leaving Profile.
const cooldownStore = {
  load: () => readStored(verifyCooldownKey),
  save: (endsAt: number) => void writeStored(verifyCooldownKey, endsAt),
};

function newMachine() {
  const inBrowser = typeof window !== "undefined";
  return createVerificationMachine({
    session: () => (inBrowser ? readSession() : { token: null, ready: false }),
    requestLink,
    fetchProfile,
    cooldownStore: inBrowser ? cooldownStore : undefined,
  });
}

/**
 * Binds the verification machine to the screen: loads the profile once, honours
 * `?verified=1` (then drops it from the URL) and hands the server's address to `onServerEmail`
 * when the local form has none yet.
 */
export function useEmailVerification(localEmail: string, onServerEmail: (email: string) => void) {
  const [machine] = useState<VerificationMachine>(newMachine);
  const state = useSyncExternalStore(
    machine.subscribe,
    machine.getState,
    () => initialVerificationState,
  );

  // Runs once per mount on purpose: later edits of the email go through emailEdited().
  const [firstEmail] = useState(localEmail);
  const [reportEmail] = useState(() => onServerEmail);
  useEffect(() => {
    const url = new URL(window.location.href);
    const fromLink = url.searchParams.get("verified") === "1";
    if (fromLink) {
      url.searchParams.delete("verified");
      window.history.replaceState(
        window.history.state,
        "",
        `${url.pathname}${url.search}${url.hash}`,
      );
    }
    const loading = fromLink ? machine.markVerifiedFromLink(firstEmail) : machine.load(firstEmail);
    void loading.then((profile) => {
      if (profile?.email && !firstEmail.trim()) reportEmail(profile.email);
    });
    return () => machine.dispose();
  }, [machine, firstEmail, reportEmail]);

  return { state, send: machine.send, emailEdited: machine.emailEdited };
}
