import "client-only";
import { decodeJwt } from "jose";
import { readSession } from "@/lib/client/session";
import type { CallMedia } from "@/modules/dialer/components/dialer-provider";
import { createMonitorMix, type MonitorMix } from "@/modules/floor/lib/monitor-mix";
import { completeLocalDescription } from "@/modules/floor/lib/monitor-rtc";
import { acceptMonitorRequest, type MonitorClaims } from "@/modules/floor/lib/monitor-token";
import {
  answerMonitoring,
  endMonitoring,
  fetchMonitorRequests,
  monitorPublicKey,
  type MonitorSessionDto,
} from "./monitor-api";

// The rep's browser answering a manager's monitoring of its live call (loaded when the first
// request may have arrived). Every request is checked against the server's signature for this
// rep and this call before anything is sent: a request the server did not sign, or signed for
// another call or rep, is refused and nothing of the call leaves the browser.

export type MonitorIndicator = {
  managerName: string;
  mode: MonitorClaims["mode"];
};

export type MonitorResponder = {
  /** Reads the requests on the rep's call and follows them (start, mode, end). */
  check(): Promise<void>;
  dispose(): void;
};

type Active = {
  id: string;
  pc: RTCPeerConnection;
  mix: MonitorMix;
  mode: MonitorClaims["mode"] | null;
  tookOver: boolean;
};

export function createMonitorResponder(
  media: CallMedia,
  onIndicator: (indicator: MonitorIndicator | null) => void,
): MonitorResponder {
  let active: Active | null = null;
  let queue: Promise<void> = Promise.resolve();
  let disposed = false;
  const refused = new Set<string>();

  const close = async (endOnServer: boolean) => {
    const was = active;
    if (!was) return;
    active = null;
    onIndicator(null);
    was.pc.close();
    await was.mix.close();
    if (endOnServer) await endMonitoring(was.id).catch(() => undefined);
  };

  /** The request's claims; null when refused; "unchecked" when the key could not be had yet. */
  const verified = async (request: MonitorSessionDto, callId: string) => {
    const token = readSession().token;
    const me = token ? decodeJwt(token).sub : undefined;
    const key = await monitorPublicKey().catch(() => null);
    if (!me || !key) return "unchecked" as const;
    return acceptMonitorRequest(request, key, { rep: me, call: callId });
  };

  const apply = async (request: MonitorSessionDto, claims: MonitorClaims) => {
    const current = active;
    if (!current || current.mode === claims.mode) return;
    current.mode = claims.mode;
    if (claims.mode === "takeover") {
      // The manager takes the call: it is transferred to them, and this rep's leg ends.
      if (!current.tookOver) media.transfer({ kind: "teammate", userId: request.managerId });
      current.tookOver = true;
    } else {
      await current.mix.setMode(claims.mode);
    }
    onIndicator(request.announce ? { managerName: request.managerName, mode: claims.mode } : null);
  };

  const start = async (request: MonitorSessionDto, claims: MonitorClaims) => {
    const sources = media.transport.recordingSources?.() ?? null;
    // No media yet (still ringing): the next check, once the call connects, starts it.
    if (!sources || sources.received.length === 0) return;
    const mix = createMonitorMix({
      received: sources.received,
      microphone: sources.sent[0] ?? null,
      sendToCall: (track) =>
        media.transport.sendInPlaceOfMicrophone?.(track) ?? Promise.resolve(false),
    });
    const pc = new RTCPeerConnection({ iceServers: await media.iceServers() });
    active = { id: request.id, pc, mix, mode: null, tookOver: false };
    pc.addEventListener("track", (event) => mix.setManager(event.track));
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: request.offer });
      const transceiver = pc.getTransceivers().find((t) => t.receiver.track.kind === "audio");
      if (!transceiver) throw new Error("the offer has no audio");
      transceiver.direction = "sendrecv";
      await transceiver.sender.replaceTrack(mix.toManager);
      const answer = await completeLocalDescription(pc, await pc.createAnswer());
      await answerMonitoring(request.id, answer);
      await apply(request, claims);
    } catch {
      await close(true);
    }
  };

  const check = async () => {
    if (disposed) return;
    const callId = media.currentCall.get()?.id ?? null;
    if (!callId) return close(true);
    const requests = await fetchMonitorRequests().catch(() => null);
    if (!requests || disposed) return;
    const request = requests.find(
      (r) => r.callId === callId && r.state !== "ended" && !refused.has(r.id),
    );
    if (!request) return close(false);
    const claims = await verified(request, callId);
    // Nothing is sent before the check: the next change or check tries again.
    if (claims === "unchecked") return;
    if (!claims) {
      refused.add(request.id);
      console.warn("A monitoring request without the server's signature was refused.");
      return;
    }
    if (active && active.id !== request.id) await close(true);
    if (!active) await start(request, claims);
    else await apply(request, claims);
  };

  return {
    check() {
      queue = queue.then(check, check);
      return queue;
    },
    dispose() {
      disposed = true;
      void close(true);
    },
  };
}
