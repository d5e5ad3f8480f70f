import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createVerificationMachine,
  MAX_POLLS,
  POLL_INTERVAL_MS,
  sendBlockedReason,
  type ProfileAnswer,
  type VerificationDeps,
} from "@/modules/profile/lib/verification-machine";

type Overrides = Partial<VerificationDeps> & { verifiedAfterPolls?: number };

function setup(over: Overrides = {}) {
  let polls = 0;
  const fetchProfile = vi.fn(async (first: boolean): Promise<ProfileAnswer> => {
    void first;
    polls++;
    return {
      email: "rep@example.com",
      emailVerified: over.verifiedAfterPolls !== undefined && polls >= over.verifiedAfterPolls,
    };
  });
  const requestLink = vi.fn(async () => ({ ok: true, status: 200 }));
  const deps: VerificationDeps = {
    session: () => ({ token: "tok", ready: true }),
    requestLink,
    fetchProfile,
    ...over,
  };
  const machine = createVerificationMachine(deps);
  return {
    machine,
    requestLink: deps.requestLink as typeof requestLink,
    fetchProfile: deps.fetchProfile as typeof fetchProfile,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("email verification control", () => {
  it("goes unverified -> verifying -> pending on a successful send and starts a 60 s cooldown", async () => {
    let resolve!: (v: { ok: boolean; status: number }) => void;
    const { machine } = setup({
      requestLink: vi.fn(() => new Promise<{ ok: boolean; status: number }>((r) => (resolve = r))),
    });
    expect(machine.getState().status).toBe("unverified");
    const sending = machine.send("rep@example.com");
    expect(machine.getState().status).toBe("verifying");
    expect(sendBlockedReason(machine.getState(), "rep@example.com")).toBe("verifying");
    resolve({ ok: true, status: 200 });
    await sending;
    expect(machine.getState()).toMatchObject({
      status: "pending",
      message: { kind: "sent" },
      cooldown: 60,
    });
    expect(sendBlockedReason(machine.getState(), "rep@example.com")).toBe("cooldown");

    await vi.advanceTimersByTimeAsync(1000);
    expect(machine.getState().cooldown).toBe(59);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(machine.getState().cooldown).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(machine.getState().cooldown).toBe(0);
    expect(sendBlockedReason(machine.getState(), "rep@example.com")).toBeNull();
    machine.dispose();
  });

  it("ignores Send Link during the cooldown", async () => {
    const { machine, requestLink } = setup();
    await machine.send("rep@example.com");
    await machine.send("rep@example.com");
    await vi.advanceTimersByTimeAsync(30_000);
    await machine.send("rep@example.com");
    expect(requestLink).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await machine.send("rep@example.com");
    expect(requestLink).toHaveBeenCalledTimes(2);
    machine.dispose();
  });

  it("maps failed sends back to unverified with the spec's messages", async () => {
    const cases: Array<[VerificationDeps["requestLink"], unknown]> = [
      [async () => ({ ok: false, status: 401 }), { kind: "sessionExpired" }],
      [async () => ({ ok: false, status: 429 }), { kind: "sendFailed", status: 429 }],
      [async () => ({ ok: false, status: 502 }), { kind: "sendFailed", status: 502 }],
      [async () => Promise.reject(new TypeError("Failed to fetch")), { kind: "unableToSend" }],
    ];
    for (const [requestLink, message] of cases) {
      const { machine } = setup({ requestLink });
      await machine.send("rep@example.com");
      expect(machine.getState()).toMatchObject({ status: "unverified", message, cooldown: 0 });
      machine.dispose();
    }
  });

  it("blocks the send without a session token, while the session loads, and with an empty email", async () => {
    const noToken = setup({ session: () => ({ token: null, ready: true }) });
    await noToken.machine.send("rep@example.com");
    expect(noToken.machine.getState().message).toEqual({ kind: "notLoggedIn" });
    expect(noToken.requestLink).not.toHaveBeenCalled();

    const loading = setup({ session: () => ({ token: null, ready: false }) });
    await loading.machine.send("rep@example.com");
    expect(loading.machine.getState().message).toEqual({ kind: "loadingSession" });

    const empty = setup();
    await empty.machine.send("   ");
    expect(empty.requestLink).not.toHaveBeenCalled();
    expect(sendBlockedReason(empty.machine.getState(), "")).toBe("emptyEmail");
  });

  it("polls the profile every 12 s while pending and shows Email verified! when it flips", async () => {
    const { machine, fetchProfile } = setup({ verifiedAfterPolls: 3 });
    await machine.send("rep@example.com");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(fetchProfile).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);
    expect(fetchProfile).toHaveBeenCalledTimes(3);
    expect(machine.getState()).toMatchObject({ status: "verified", message: { kind: "verified" } });
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(fetchProfile).toHaveBeenCalledTimes(3);
  });

  it("stops after 10 polls when the address is never verified, and counts failed polls", async () => {
    let n = 0;
    const { machine, fetchProfile } = setup({
      fetchProfile: vi.fn(async () => {
        if (++n % 2) throw new Error("offline");
        return { email: "rep@example.com", emailVerified: false };
      }),
    });
    await machine.send("rep@example.com");
    await vi.advanceTimersByTimeAsync(20 * POLL_INTERVAL_MS);
    expect(fetchProfile).toHaveBeenCalledTimes(MAX_POLLS);
    expect(machine.getState()).toMatchObject({ status: "pending", polls: 10 });
  });

  it("resets to unverified when the email is edited while verified (and only then)", async () => {
    const { machine } = setup({ verifiedAfterPolls: 1 });
    await machine.send("rep@example.com");
    machine.emailEdited("rep@example.com"); // pending: unchanged
    expect(machine.getState().status).toBe("pending");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(machine.getState().status).toBe("verified");
    machine.emailEdited("new@example.com");
    expect(machine.getState()).toMatchObject({ status: "unverified", message: null });
    expect(sendBlockedReason(machine.getState(), "new@example.com")).toBe("cooldown");
  });

  it("starts verified when the first (no-cache) profile read says so", async () => {
    const { machine, fetchProfile } = setup({ verifiedAfterPolls: 1 });
    await machine.load("rep@example.com");
    expect(fetchProfile).toHaveBeenCalledWith(true);
    expect(machine.getState().status).toBe("verified");
    await machine.load("rep@example.com");
    expect(fetchProfile).toHaveBeenLastCalledWith(false);
  });

  it("stays unverified when the verified address differs from the one in the form", async () => {
    const { machine } = setup({ verifiedAfterPolls: 1 });
    await machine.load("other@example.com");
    expect(machine.getState().status).toBe("unverified");
  });

  it("?verified=1 marks verified at once, then the recheck can undo it", async () => {
    const yes = setup({ verifiedAfterPolls: 1 });
    const pending = yes.machine.markVerifiedFromLink("rep@example.com");
    expect(yes.machine.getState()).toMatchObject({
      status: "verified",
      message: { kind: "verified" },
    });
    await pending;
    expect(yes.machine.getState().status).toBe("verified");

    const no = setup();
    await no.machine.markVerifiedFromLink("rep@example.com");
    expect(no.machine.getState().status).toBe("unverified");
  });

  it("notifies subscribers and stops all timers on dispose", async () => {
    const { machine, fetchProfile } = setup();
    const seen: string[] = [];
    machine.subscribe((s) => seen.push(s.status));
    await machine.send("rep@example.com");
    expect(seen).toEqual(["verifying", "pending", "pending"]);
    machine.dispose();
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not report verified while the form holds another address than the verified one", async () => {
    const { machine } = setup({ verifiedAfterPolls: 1 });
    await machine.send("rep@example.com");
    machine.emailEdited("typo@example.com");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(machine.getState().status).toBe("pending");
    machine.emailEdited("REP@example.com ");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(machine.getState()).toMatchObject({ status: "verified", message: { kind: "verified" } });
  });

  it("compares the first profile answer with the address typed while it was loading", async () => {
    let answer!: (p: ProfileAnswer) => void;
    const { machine } = setup({
      fetchProfile: vi.fn(() => new Promise<ProfileAnswer>((r) => (answer = r))),
    });
    const loading = machine.load("");
    machine.emailEdited("typed@example.com");
    answer({ email: "rep@example.com", emailVerified: true });
    await loading;
    expect(machine.getState().status).toBe("unverified");
  });

  it("keeps the resend cooldown across visits through its store", async () => {
    let saved = 0;
    const cooldownStore = { load: () => saved, save: (endsAt: number) => void (saved = endsAt) };
    const first = setup({ cooldownStore });
    await first.machine.send("rep@example.com");
    expect(saved).toBe(Date.now() + 60_000);
    first.machine.dispose();

    vi.advanceTimersByTime(25_000);
    const again = setup({ cooldownStore });
    expect(again.machine.getState().cooldown).toBe(35);
    await again.machine.send("rep@example.com");
    expect(again.requestLink).not.toHaveBeenCalled();
    vi.advanceTimersByTime(35_000);
    expect(again.machine.getState().cooldown).toBe(0);
  });
});
