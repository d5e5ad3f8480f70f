"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { apiFetch, apiPost } from "@/lib/client/api";
import { readSession } from "@/lib/client/session";
import {
  createVerificationMachine,
  initialVerificationState,
  type ProfileAnswer,
  type VerificationMachine,
} from "./verification-machine";

async function fetchProfile(first: boolean): Promise<ProfileAnswer> {
  // Spec section 7: the first profile call bypasses every cache.
  const res = await apiFetch("/api/auth/profile", first ? { cache: "no-store" } : {});
  if (!res.ok) throw new Error(`profile ${res.status}`);
  const data = (await res.json()) as Partial<ProfileAnswer>;
  return { email: data.email ?? "", emailVerified: data.emailVerified === true };
}

async function requestLink(email: string) {
  const res = await apiPost("/api/auth/email/verify-request", { email });
  return { ok: res.ok, status: res.status };
}

// Per tab and per user: when the last link was sent, so the countdown survives leaving Profile.
const cooldownKey = () => `profile.verifyCooldownUntil.${readSession().username ?? ""}`;
const cooldownStore = {
  load: () => Number(window.sessionStorage.getItem(cooldownKey()) ?? 0) || 0,
  save: (endsAt: number) => window.sessionStorage.setItem(cooldownKey(), String(endsAt)),
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
