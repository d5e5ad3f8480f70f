import "client-only";
import { useEffect, useState, useSyncExternalStore } from "react";
import { profileResponseSchema } from "@/lib/accounts/schemas";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import { readSession } from "@/lib/client/session";
import { readStored, writeStored } from "@/lib/client/storage";
import { verifyCooldownKey } from "@/modules/profile/lib/storage-keys";
import { verifyRequestResponseSchema } from "@/lib/email/schemas";
import {
  createVerificationMachine,
  initialVerificationState,
  type ProfileAnswer,
  type VerificationMachine,
} from "@/modules/profile/lib/verification-machine";
import {
  emptyStepUp,
  missingStepUp,
  stepUpRefusal,
  useSecondFactorOn,
  type StepUpError,
  type StepUpValue,
} from "@/modules/account-security/components/step-up-fields";

function fetchProfile(first: boolean): Promise<ProfileAnswer> {
  // Spec section 7: the first profile call bypasses every cache.
  return apiClient.get("/api/auth/profile", {
    schema: profileResponseSchema,
    credential: "rep",
    cache: first ? "no-store" : undefined,
  });
}

type Hooks = {
  /** The address the server holds, each time the profile is read. */
  onProfile: (profile: ProfileAnswer) => void;
  /** A step-up refusal (wrong password, code missing...), shown by its fields. */
  onRefusal: (refusal: StepUpError) => void;
};

function linkRequester(hooks: Hooks) {
  return async (email: string, proof: StepUpValue = emptyStepUp) => {
    const { password, code } = proof;
    try {
      await apiClient.post(
        "/api/auth/email/verify-request",
        // A new address needs the current password (and a code); the same one does not.
        { email, ...(password ? { password } : {}), ...(code.trim() ? { code } : {}) },
        { schema: verifyRequestResponseSchema, credential: "rep" },
      );
      return { ok: true, status: 200 };
    } catch (error) {
      const refusal = stepUpRefusal(error);
      if (refusal) hooks.onRefusal(refusal);
      // The machine tells refusals apart by status; a network failure rejects, as before.
      if (error instanceof ApiClientError && error.code !== "network") {
        return { ok: false, status: error.status };
      }
      throw error;
    }
  };
}

// Per tab and per user: when the last link was sent, so the countdown survives leaving Profile.
const cooldownStore = {
  load: () => readStored(verifyCooldownKey),
  save: (endsAt: number) => void writeStored(verifyCooldownKey, endsAt),
};

function newMachine(hooks: Hooks) {
  const inBrowser = typeof window !== "undefined";
  return createVerificationMachine({
    session: () => (inBrowser ? readSession() : { token: null, ready: false }),
    requestLink: linkRequester(hooks),
    fetchProfile: async (first) => {
      const profile = await fetchProfile(first);
      hooks.onProfile(profile);
      return profile;
    },
    cooldownStore: inBrowser ? cooldownStore : undefined,
  });
}

/**
 * Binds the verification machine to the screen: loads the profile once, honours
 * `?verified=1` (then drops it from the URL) and hands the server's address to `onServerEmail`
 * when the local form has none yet.
 */
export function useEmailVerification(localEmail: string, onServerEmail: (email: string) => void) {
  const [serverEmail, setServerEmail] = useState<string | null>(null);
  const [proof, setProof] = useState<StepUpValue>(emptyStepUp);
  const [stepUpError, setStepUpError] = useState<StepUpError | null>(null);
  const [machine] = useState<VerificationMachine>(() =>
    newMachine({ onProfile: (p) => setServerEmail(p.email), onRefusal: setStepUpError }),
  );
  const needsCode = useSecondFactorOn();
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

  // The server compares the address as typed (trimmed) with the one it holds: so does this.
  const needed = serverEmail !== null && localEmail.trim() !== serverEmail;
  const send = async (email: string) => {
    const missing = needed ? missingStepUp(proof, needsCode) : null;
    setStepUpError(missing);
    if (missing) return;
    await machine.send(email, needed ? proof : undefined);
    if (machine.getState().status === "pending") setProof(emptyStepUp);
  };
  const stepUp = { needed, needsCode, value: proof, onChange: setProof, error: stepUpError };
  return { state, send, emailEdited: machine.emailEdited, stepUp };
}

export type EmailStepUp = ReturnType<typeof useEmailVerification>["stepUp"];
