import { Inviter, SessionState, type Invitation, type Session } from "sip.js";
import { createQualityMeter, type QualityMeter } from "@/modules/dialer/lib/call-quality";
import { endReasonForOutcome, sipOutcome, type SipCallEnd } from "@/modules/dialer/lib/sip-outcome";
import {
  audioSenderOf,
  mediaConnected,
  sampleStatsOf,
  sdhOf,
  type createRemoteAudio,
} from "@/modules/dialer/lib/sip-media";
import {
  CALLER_NAME_HEADER,
  TRANSFER_OF_HEADER,
  clearTimer,
  type SipShared,
} from "@/modules/dialer/lib/sip-shared";
import type { IncomingCall } from "@/modules/dialer/lib/types";

// The lifecycle of the SIP softphone's one call: from placed or answered, through established
// (stats, the "no audio" watchdog), hold and mute, to the one `ended` the dialer is told.

const DEFAULT_WATCHDOG_MS = 5000;
const STATS_INTERVAL_MS = 1000;

export type Call = {
  session: Session;
  direction: "outbound" | "inbound";
  answered: boolean;
  end: SipCallEnd | null;
  finished: boolean;
  held: boolean;
  muted: boolean;
  meter: QualityMeter;
  statsTimer: ReturnType<typeof setInterval> | null;
  watchdog: ReturnType<typeof setTimeout> | null;
  /** The microphone's track while something else is sent in its place (voicemail drop). */
  microphone: MediaStreamTrack | null;
};

/** What the softphone is doing: one call, a dial awaiting authorisation, or a call ringing. */
export type SipCallState = {
  call: Call | null;
  /** A dial waiting for the server's authorisation; a hang-up meanwhile cancels it. */
  pendingDial: { cancelled: boolean } | null;
  ringing: { invitation: Invitation; incoming: IncomingCall } | null;
};

export type SipCalls = ReturnType<typeof createSipCalls>;

export function createSipCalls(shared: SipShared, remote: ReturnType<typeof createRemoteAudio>) {
  const { emit, options } = shared;
  const state: SipCallState = { call: null, pendingDial: null, ringing: null };

  const sampleStats = async (current: Call) => {
    if (current.finished) return;
    const sample = await sampleStatsOf(current.session);
    if (!sample) return;
    if (current.finished || current !== state.call || current.held) return;
    emit({ type: "quality", reading: current.meter.add(sample) });
  };

  /** Answered: start the stats and the "no audio" watchdog. */
  const established = (current: Call) => {
    current.answered = true;
    remote.play(current.session);
    emit({ type: "connected" });
    current.statsTimer = setInterval(() => void sampleStats(current), STATS_INTERVAL_MS);
    if (mediaConnected(current.session)) return;
    current.watchdog = setTimeout(() => {
      if (current.finished || mediaConnected(current.session)) return;
      current.end = { kind: "no-media" };
      void current.session.bye().catch(() => undefined);
      finish(current);
    }, options.mediaWatchdogMs ?? DEFAULT_WATCHDOG_MS);
  };

  /** Tells the controller how the call ended, once; stops its timers and media. */
  const finish = (current: Call) => {
    if (current.finished) return;
    current.finished = true;
    clearTimer(current.watchdog);
    if (current.statsTimer) clearInterval(current.statsTimer);
    if (state.call === current) state.call = null;
    remote.stop();
    const described = sipOutcome(current.end ?? { kind: "transport-error" });
    emit({
      type: "ended",
      reason: endReasonForOutcome(described.outcome),
      outcome: described.outcome,
      sipStatus: described.sipStatus,
      quality: current.meter.summary(),
    });
  };

  const track = (session: Session, direction: Call["direction"]): Call => {
    const current: Call = {
      session,
      direction,
      answered: false,
      end: null,
      finished: false,
      held: false,
      muted: false,
      meter: createQualityMeter(),
      statsTimer: null,
      watchdog: null,
      microphone: null,
    };
    session.delegate = {
      onBye: (bye) => {
        current.end ??= { kind: "remote-bye" };
        void bye.accept();
      },
      onInfo: (info) => void info.accept(),
    };
    session.stateChange.addListener((sessionState) => {
      if (sessionState === SessionState.Established) established(current);
      // SIP.js terminates the session before the INVITE's onReject runs: read how it ended a
      // tick later (telephony.md).
      if (sessionState === SessionState.Terminated) setTimeout(() => finish(current), 0);
    });
    return current;
  };

  /** The connected call, if any. */
  const connected = () => {
    const current = state.call;
    return current && !current.finished && current.answered ? current : null;
  };

  /**
   * The connected call, when an INVITE's Replaces (RFC 3891) names its dialog: to-tag ours,
   * from-tag the far end's. That is a warm transfer's join reaching the teammate: the business,
   * called back by the carrier through the team's edge, takes the place of the rep's consultation
   * (edge/README.md, "Transfer"). Null for anything else, "early-only" included (never early here).
   */
  const replacedBy = (invitation: Invitation): Call | null => {
    const current = connected();
    const value = invitation.request.getHeader("Replaces");
    const dialog = current?.session.dialog;
    if (!current || !value || !dialog) return null;
    const [callId, ...params] = value.split(";").map((part) => part.trim());
    const named = new Map(
      params.map((param) => {
        const [name = "", tag = ""] = param.split("=");
        return [name.trim().toLowerCase(), tag.trim()] as const;
      }),
    );
    if (named.has("early-only")) return null;
    const same =
      callId === dialog.callId &&
      named.get("to-tag") === dialog.localTag &&
      named.get("from-tag") === dialog.remoteTag;
    return same ? current : null;
  };

  /**
   * Answers `invitation` in place of `old` and ends `old` (RFC 3891): for the dialer it is the same
   * call going on (the record the consultation started, which names the transferred call), now
   * with the business; only the SIP session under it changes. Mute carries over.
   */
  const replace = (old: Call, invitation: Invitation) => {
    const next = track(invitation, old.direction);
    next.muted = old.muted;
    invitation.stateChange.addListener((sessionState) => {
      if (sessionState === SessionState.Established && next.muted) {
        sdhOf(next.session)?.enableSenderTracks(false);
      }
    });
    // The old session ends without an "ended": the call it carried goes on in `next`.
    old.finished = true;
    clearTimer(old.watchdog);
    if (old.statsTimer) clearInterval(old.statsTimer);
    state.call = next;
    if (old.held) emit({ type: "held", held: false });
    void invitation
      .accept({ sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } } })
      .catch(() => undefined);
    void old.session.bye().catch(() => undefined);
  };

  const onInvite = (invitation: Invitation) => {
    const replaced = replacedBy(invitation);
    if (replaced) return replace(replaced, invitation);
    // One call at a time: a call arriving during a call (or while another rings) is told busy;
    // the edge's own voicemail or queue takes it from there.
    if (state.call || state.ringing || state.pendingDial) {
      void invitation.reject({ statusCode: 486 }).catch(() => undefined);
      return;
    }
    const identity = invitation.remoteIdentity;
    // A transferred call says where it came from in headers the edge copied from the REFER's
    // Refer-To (sip-transfer.ts).
    const request = invitation.request;
    const incoming: IncomingCall = {
      id: invitation.id,
      from: identity.uri.user ?? "",
      name: identity.displayName || request.getHeader(CALLER_NAME_HEADER)?.slice(0, 200) || null,
      transferOf: request.getHeader(TRANSFER_OF_HEADER)?.slice(0, 100) || null,
    };
    state.ringing = { invitation, incoming };
    invitation.stateChange.addListener((sessionState) => {
      if (sessionState !== SessionState.Terminated && sessionState !== SessionState.Established)
        return;
      if (state.ringing?.invitation !== invitation) return;
      state.ringing = null;
      emit({ type: "incoming-ended", id: incoming.id, answered: false });
    });
    emit({ type: "incoming", call: incoming });
  };

  return {
    state,
    track,
    finish,
    playRemote: remote.play,
    connected,
    onInvite,
    /** A parallel-dialing line answered by a person becomes the call (sip-lines.ts `adopt`). */
    adopt(session: Session) {
      const current = track(session, "outbound");
      state.call = current;
      established(current);
      return current;
    },
    answer(id: string) {
      const ringing = state.ringing;
      if (!ringing || ringing.incoming.id !== id) return;
      const { invitation } = ringing;
      state.ringing = null;
      emit({ type: "incoming-ended", id, answered: true });
      state.call = track(invitation, "inbound");
      void invitation
        .accept({
          sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
        })
        .catch(() => undefined);
    },
    decline(id: string, statusCode = 603) {
      const ringing = state.ringing;
      if (!ringing || ringing.incoming.id !== id) return;
      void ringing.invitation.reject({ statusCode }).catch(() => undefined);
    },
    hangUp() {
      if (state.pendingDial) {
        state.pendingDial.cancelled = true;
        state.pendingDial = null;
        emit({ type: "ended", reason: "local", outcome: "cancelled", sipStatus: null });
        return;
      }
      const current = state.call;
      if (!current || current.finished) return;
      const answered = current.session.state === SessionState.Established;
      current.end ??= { kind: "local-end", answered };
      if (current.session instanceof Inviter && !answered) {
        void current.session.cancel().catch(() => undefined);
      } else if (answered) {
        void current.session.bye().catch(() => undefined);
      }
      finish(current);
    },
    setHeld(held: boolean) {
      const current = connected();
      if (!current || current.held === held) return;
      const sdh = sdhOf(current.session);
      const settle = (now: boolean) => {
        current.held = now;
        sdh?.enableReceiverTracks(!now);
        sdh?.enableSenderTracks(!now && !current.muted);
        emit({ type: "held", held: now });
      };
      current.session.sessionDescriptionHandlerOptionsReInvite = {
        ...current.session.sessionDescriptionHandlerOptionsReInvite,
        hold: held,
      } as typeof current.session.sessionDescriptionHandlerOptionsReInvite;
      void current.session
        .invite({
          requestDelegate: { onAccept: () => settle(held), onReject: () => settle(!held) },
        })
        .catch(() => settle(!held));
    },
    setMuted(muted: boolean) {
      const current = state.call;
      if (!current || current.finished) return;
      current.muted = muted;
      sdhOf(current.session)?.enableSenderTracks(!muted && !current.held);
      emit({ type: "muted", muted });
    },
    async sendInPlaceOfMicrophone(track: MediaStreamTrack | null) {
      const current = connected();
      if (!current) return false;
      const sender = audioSenderOf(current.session, current.microphone !== null);
      if (!sender) return false;
      if (track) {
        current.microphone ??= sender.track;
        // Muting disables the sender's track; a message the rep chose to send is never muted.
        track.enabled = true;
        await sender.replaceTrack(track);
      } else {
        if (!current.microphone) return true;
        await sender.replaceTrack(current.microphone);
        current.microphone = null;
      }
      if (current.finished) return false;
      emit({ type: "sending", source: track ? "replacement" : "microphone" });
      return true;
    },
  };
}
