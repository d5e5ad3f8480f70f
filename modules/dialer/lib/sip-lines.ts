import { Inviter, SessionState, UserAgent, type Session } from "sip.js";
import { audioSenderOf, sdhOf } from "@/modules/dialer/lib/sip-media";
import { authorizedCallHeaders } from "@/modules/dialer/lib/sip-dial";
import { sipOutcome, type SipCallEnd } from "@/modules/dialer/lib/sip-outcome";
import type { SipRegistration } from "@/modules/dialer/lib/sip-registration";
import type { SipShared } from "@/modules/dialer/lib/sip-shared";
import type { BackgroundLine, LineEvent } from "@/modules/dialer/lib/transport";
import type { DialContext } from "@/modules/dialer/lib/types";

// Parallel dialing's lines (modules/power-dial/lib/parallel-lines.ts decides what to do with
// them): calls placed beside the rep's own, authorised by the server like any call, that the rep
// neither hears nor speaks on. The rep's microphone is opened for each (so that the one handed
// over to the rep needs no new offer) but its track is disabled before the INVITE can be
// answered, so no line ever carries the rep's voice until it is adopted. The far end plays on a
// muted <audio> element of its own: Chromium pulls a remote WebRTC track into Web Audio (the
// machine detector's tap) only while a media element plays it.

type Line = {
  line: BackgroundLine;
  session: Inviter;
  listeners: Set<(event: LineEvent) => void>;
  end: SipCallEnd | null;
  answered: boolean;
  ended: boolean;
  /** Handed to the rep: the softphone's call now, this line says nothing more. */
  adopted: boolean;
  audio: HTMLAudioElement | null;
  /** The microphone's track while something else is sent in its place. */
  microphone: MediaStreamTrack | null;
};

export type SipLines = ReturnType<typeof createSipLines>;

export function createSipLines(shared: SipShared, registration: SipRegistration) {
  const { options } = shared;
  const lines = new Map<string, Line>();

  const emit = (current: Line, event: LineEvent) => {
    if (current.adopted) return;
    current.listeners.forEach((listener) => listener(event));
  };

  const finish = (current: Line) => {
    if (current.ended || current.adopted) return;
    current.ended = true;
    lines.delete(current.line.id);
    if (current.audio) current.audio.srcObject = null;
    const described = sipOutcome(current.end ?? { kind: "transport-error" });
    emit(current, {
      type: "ended",
      answered: current.answered,
      outcome: described.outcome,
      sipStatus: described.sipStatus,
    });
    current.listeners.clear();
  };

  const hearSilently = (current: Line) => {
    const sdh = sdhOf(current.session);
    if (typeof Audio !== "function" || !sdh) return;
    const audio = new Audio();
    audio.muted = true;
    audio.srcObject = sdh.remoteMediaStream;
    void audio.play().catch(() => undefined);
    current.audio = audio;
  };

  return {
    /** Places a line to `number`; rejects (with the server's refusal code) when it cannot. */
    async place(number: string, context: DialContext): Promise<BackgroundLine> {
      if (!registration.ua || registration.line.state !== "registered") {
        throw Object.assign(new Error("line-offline"), { code: "line-offline" });
      }
      const authorization = await options.authorize(number, context.placeId, context.powerDial);
      const ua = registration.ua;
      const target = UserAgent.makeURI(`sip:${authorization.number}@${options.line.sipDomain}`);
      if (!ua || !target) throw Object.assign(new Error("line-offline"), { code: "line-offline" });
      const session = new Inviter(ua, target, {
        extraHeaders: authorizedCallHeaders(authorization, options.line.sipDomain),
        earlyMedia: true,
        sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
      });
      const listeners = new Set<(event: LineEvent) => void>();
      const current: Line = {
        session,
        listeners,
        end: null,
        answered: false,
        ended: false,
        adopted: false,
        audio: null,
        microphone: null,
        line: {
          id: session.id,
          received() {
            const pc = sdhOf(session)?.peerConnection;
            const track = pc?.getReceivers().find((r) => r.track?.kind === "audio")?.track;
            return track && track.readyState === "live" ? track : null;
          },
          async send(track) {
            if (current.ended || current.adopted) return false;
            const sender = audioSenderOf(session, current.microphone !== null);
            if (!sender) return false;
            if (track) {
              current.microphone ??= sender.track;
              track.enabled = true;
              await sender.replaceTrack(track);
            } else if (current.microphone) {
              await sender.replaceTrack(current.microphone);
              current.microphone = null;
            }
            return !current.ended;
          },
          hangUp() {
            if (current.ended || current.adopted) return;
            const answered = session.state === SessionState.Established;
            current.end ??= { kind: "local-end", answered };
            if (answered) void session.bye().catch(() => undefined);
            else void session.cancel().catch(() => undefined);
            finish(current);
          },
          subscribe(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        },
      };
      session.delegate = {
        onBye: (bye) => {
          current.end ??= { kind: "remote-bye" };
          void bye.accept();
        },
      };
      session.stateChange.addListener((state) => {
        if (state === SessionState.Established) {
          current.answered = true;
          hearSilently(current);
          emit(current, { type: "answered" });
        }
        if (state === SessionState.Terminated) setTimeout(() => finish(current), 0);
      });
      lines.set(current.line.id, current);
      let rang = false;
      try {
        await session.invite({
          requestDelegate: {
            onProgress: (response) => {
              const status = response.message.statusCode ?? 0;
              if ((status === 180 || status === 183) && !rang) {
                rang = true;
                emit(current, { type: "ringing" });
              }
            },
            onReject: (response) => {
              current.end ??= {
                kind: "final",
                status: response.message.statusCode ?? 0,
                reason: response.message.reasonPhrase,
              };
            },
          },
        });
        // The INVITE is out, its answer not yet in: nothing of the rep is sent on this line.
        sdhOf(session)?.enableSenderTracks(false);
      } catch {
        current.end ??= { kind: "transport-error" };
        setTimeout(() => finish(current), 0);
      }
      return current.line;
    },
    /**
     * The answered line becomes the rep's call: its session, with the microphone sent again.
     * Null when it is gone (hung up meanwhile).
     */
    adopt(id: string): Session | null {
      const current = lines.get(id);
      if (!current || current.ended || !current.answered) return null;
      current.adopted = true;
      lines.delete(id);
      if (current.audio) current.audio.srcObject = null;
      const sender = audioSenderOf(current.session, current.microphone !== null);
      if (current.microphone && sender) void sender.replaceTrack(current.microphone);
      sdhOf(current.session)?.enableSenderTracks(true);
      current.listeners.clear();
      return current.session;
    },
    dispose() {
      for (const current of [...lines.values()]) current.line.hangUp();
    },
  };
}
