import "client-only";
import { LIVE_EVENTS, parseTeamChange, type TeamChange } from "@/lib/live/changes";
import { createSseParser } from "@/lib/live/sse";
import { signOutEndedSession } from "./query-client";
import { readSession } from "./session";

// The browser's end of the live channel (GET /api/live): one stream per tab while a rep is
// signed in, read with fetch (EventSource cannot send the bearer token), reopened with a growing
// pause when it drops. Screens subscribe to the changes they show; while the stream is not live
// (offline, a serverless deployment, a proxy that cuts streams) they refresh on their timers, as
// isLive() tells them.

type ChangeListener = (change: TeamChange) => void;
type StatusListener = (live: boolean) => void;

const changeListeners = new Set<ChangeListener>();
const statusListeners = new Set<StatusListener>();
let live = false;
let running: { stop: () => void } | null = null;

/** Pauses before reopening a dropped stream: short at first, then at most 30 s. */
export const LIVE_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  statusListeners.forEach((l) => l(value));
}

/** Whether changes arrive on the stream now (screens then skip their timed refresh). */
export function isLive() {
  return live;
}

export function subscribeLive(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

export function subscribeLiveStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
}

/** How a stream ended: after it was live (reopen at once), before (wait), or for good. */
type Ending = "ended" | "failed" | "unavailable";

async function readStream(signal: AbortSignal): Promise<Ending> {
  const { token } = readSession();
  if (!token) return "unavailable";
  const res = await fetch("/api/live", {
    headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
    cache: "no-store",
    signal,
  });
  // The session ended elsewhere (a deactivated member, a password change): the page signs out,
  // as it does when any of its requests is answered 401.
  if (res.status === 401) {
    signOutEndedSession();
    return "unavailable";
  }
  // 501: the deployment cannot hold streams; 403: not for this account. Timers keep screens fresh.
  if (res.status === 501 || res.status === 403) return "unavailable";
  if (!res.ok || !res.body) return "failed";
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createSseParser((name, text) => {
    if (name === LIVE_EVENTS.ready) setLive(true);
    if (name !== LIVE_EVENTS.change) return;
    let change: TeamChange | null = null;
    try {
      change = parseTeamChange(JSON.parse(text));
    } catch {
      change = null;
    }
    if (change) changeListeners.forEach((l) => l(change));
  });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return live ? "ended" : "failed";
    parse(value);
  }
}

/** Opens the tab's stream (once; later calls share it). The returned function closes it. */
export function startLive(): () => void {
  if (running) return running.stop;
  const controller = new AbortController();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let connecting = false;
  const retryLater = () => {
    timer = setTimeout(connect, LIVE_RETRY_MS[Math.min(attempt, LIVE_RETRY_MS.length - 1)]);
    attempt += 1;
  };
  const connect = () => {
    connecting = true;
    readStream(controller.signal)
      .catch((): Ending => "failed")
      .then((how) => {
        connecting = false;
        setLive(false);
        if (how === "unavailable" || controller.signal.aborted) return;
        if (how === "failed") return retryLater();
        // The server ends each stream after a while: reopen at once.
        attempt = 0;
        connect();
      });
  };
  const onOnline = () => {
    if (live || connecting || controller.signal.aborted) return;
    clearTimeout(timer);
    attempt = 0;
    connect();
  };
  window.addEventListener("online", onOnline);
  connect();
  const stop = () => {
    controller.abort();
    clearTimeout(timer);
    window.removeEventListener("online", onOnline);
    setLive(false);
    running = null;
  };
  running = { stop };
  return stop;
}
