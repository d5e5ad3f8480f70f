// The Profile screen's email-verification control as a plain state machine (spec sections 4,
// 5, 8, 9): no React and no fetch inside, so unit tests drive it with fake timers.

import { VERIFICATION_COOLDOWN_SECONDS } from "@/lib/email/schemas";

export const POLL_INTERVAL_MS = 12_000;
export const MAX_POLLS = 10;

export type VerificationStatus = "unverified" | "verifying" | "pending" | "verified";

/** What the control says; the screen turns each into a translated text. */
export type VerificationMessage =
  | { kind: "sent" }
  | { kind: "verified" }
  | { kind: "sessionExpired" }
  | { kind: "sendFailed"; status: number }
  | { kind: "unableToSend" }
  | { kind: "notLoggedIn" }
  | { kind: "loadingSession" };

export type VerificationState = {
  status: VerificationStatus;
  message: VerificationMessage | null;
  /** Seconds left before Send Link works again (0: no cooldown). */
  cooldown: number;
  /** Profile polls made since the last successful send. */
  polls: number;
};

export type ProfileAnswer = { email: string; emailVerified: boolean };

/** What a new address is sent with: the current password, and a code when two-factor is on. */
export type LinkProof = { password: string; code: string };

export type VerificationDeps = {
  /** Current browser session: `ready` is false until local storage has been read. */
  session: () => { token: string | null; ready: boolean };
  /** POST /api/auth/email/verify-request; resolves with the HTTP status, rejects on network errors. */
  requestLink: (email: string, proof?: LinkProof) => Promise<{ ok: boolean; status: number }>;
  /** GET /api/auth/profile; `first` asks to bypass every cache. */
  fetchProfile: (first: boolean) => Promise<ProfileAnswer>;
  now?: () => number;
  /**
   * Keeps the end of the resend cooldown across visits (the server enforces the same 60 s), so
   * leaving Profile and coming back still shows "Resend in {n}s" instead of a 429 on click.
   */
  cooldownStore?: { load: () => number; save: (endsAt: number) => void };
};

export const initialVerificationState: VerificationState = {
  status: "unverified",
  message: null,
  cooldown: 0,
  polls: 0,
};

/** Why Send Link is unavailable right now, or null when it may be pressed. */
export function sendBlockedReason(state: VerificationState, email: string) {
  if (!email.trim()) return "emptyEmail" as const;
  if (state.status === "verifying") return "verifying" as const;
  if (state.status === "verified") return "verified" as const;
  if (state.cooldown > 0) return "cooldown" as const;
  return null;
}

export function createVerificationMachine(deps: VerificationDeps) {
  const now = deps.now ?? (() => Date.now());
  let state: VerificationState = initialVerificationState;
  const listeners = new Set<(s: VerificationState) => void>();
  let cooldownTimer: ReturnType<typeof setInterval> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let cooldownEndsAt = 0;
  let generation = 0; // bumps whenever an answer in flight must be ignored (edit, dispose)
  let profileLoaded = false;
  let currentEmail = "";

  function set(patch: Partial<VerificationState>) {
    state = { ...state, ...patch };
    for (const l of listeners) l(state);
  }

  function stopPolling() {
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  function tickCooldown() {
    const left = Math.max(0, Math.ceil((cooldownEndsAt - now()) / 1000));
    if (left === 0 && cooldownTimer !== undefined) {
      clearInterval(cooldownTimer);
      cooldownTimer = undefined;
    }
    if (left !== state.cooldown) set({ cooldown: left });
  }

  function runCooldownUntil(endsAt: number) {
    cooldownEndsAt = endsAt;
    if (cooldownTimer !== undefined) clearInterval(cooldownTimer);
    cooldownTimer = setInterval(tickCooldown, 1000);
    tickCooldown();
  }

  function startCooldown() {
    runCooldownUntil(now() + VERIFICATION_COOLDOWN_SECONDS * 1000);
    deps.cooldownStore?.save(cooldownEndsAt);
  }

  const storedEnd = deps.cooldownStore?.load() ?? 0;
  if (storedEnd > now())
    runCooldownUntil(Math.min(storedEnd, now() + VERIFICATION_COOLDOWN_SECONDS * 1000));

  function schedulePoll() {
    stopPolling();
    if (state.polls >= MAX_POLLS) return;
    const mine = generation;
    pollTimer = setTimeout(async () => {
      pollTimer = undefined;
      if (mine !== generation || state.status !== "pending") return;
      set({ polls: state.polls + 1 });
      try {
        const profile = await deps.fetchProfile(false);
        if (mine !== generation || state.status !== "pending") return;
        // Only for the address in the form now (it may have been edited since the send).
        if (profile.emailVerified && sameEmail(profile.email, currentEmail)) {
          set({ status: "verified", message: { kind: "verified" } });
          return;
        }
      } catch {
        // A failed poll counts as one of the ten; the next one may succeed.
      }
      if (mine === generation && state.status === "pending") schedulePoll();
    }, POLL_INTERVAL_MS);
  }

  return {
    getState: () => state,

    subscribe(listener: (s: VerificationState) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** First profile read (no cache): the control starts verified when the server says so. */
    async load(localEmail: string): Promise<ProfileAnswer | null> {
      const mine = generation;
      currentEmail = localEmail;
      try {
        const profile = await deps.fetchProfile(!profileLoaded);
        profileLoaded = true;
        if (mine !== generation) return profile;
        // The form may have been edited while the answer was on its way: compare with it now.
        // An empty form takes the server's address (the screen fills it in).
        if (!currentEmail.trim()) currentEmail = profile.email;
        const sameAddress = sameEmail(profile.email, currentEmail);
        if (profile.emailVerified && sameAddress && state.status !== "pending") {
          set({ status: "verified" });
        } else if (!profile.emailVerified && state.status === "verified") {
          set({ status: "unverified", message: null });
        }
        return profile;
      } catch {
        return null;
      }
    },

    async send(email: string, proof?: LinkProof) {
      const session = deps.session();
      if (!session.ready) return set({ message: { kind: "loadingSession" } });
      if (!session.token) return set({ message: { kind: "notLoggedIn" } });
      if (sendBlockedReason(state, email)) return;
      currentEmail = email;

      const mine = ++generation;
      stopPolling();
      set({ status: "verifying", message: null });
      try {
        const res = await deps.requestLink(email.trim(), proof);
        if (mine !== generation) return;
        if (!res.ok) {
          const message: VerificationMessage =
            res.status === 401
              ? { kind: "sessionExpired" }
              : { kind: "sendFailed", status: res.status };
          return set({ status: "unverified", message });
        }
        set({ status: "pending", message: { kind: "sent" }, polls: 0 });
        startCooldown();
        schedulePoll();
      } catch {
        if (mine === generation) set({ status: "unverified", message: { kind: "unableToSend" } });
      }
    },

    /** Spec: editing the email while verified resets the control to unverified. */
    emailEdited(email: string) {
      currentEmail = email;
      if (state.status !== "verified") return;
      generation++;
      stopPolling();
      set({ status: "unverified", message: null, polls: 0 });
    },

    /** `?verified=1` on the profile URL: show verified at once, then confirm with the server. */
    async markVerifiedFromLink(localEmail: string) {
      stopPolling();
      generation++;
      set({ status: "verified", message: { kind: "verified" } });
      return this.load(localEmail);
    },

    dispose() {
      generation++;
      stopPolling();
      if (cooldownTimer !== undefined) clearInterval(cooldownTimer);
      cooldownTimer = undefined;
      listeners.clear();
    },
  };
}

export type VerificationMachine = ReturnType<typeof createVerificationMachine>;

function sameEmail(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
