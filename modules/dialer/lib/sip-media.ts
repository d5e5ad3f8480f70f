import { Web, type Session } from "sip.js";
import { statsSampleOf } from "@/modules/dialer/lib/sip-stats";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import type { SipShared } from "@/modules/dialer/lib/sip-shared";
import type { RecordingSources } from "@/modules/dialer/lib/transport";
import type { StatsSample } from "@/modules/dialer/lib/call-quality";

// The media of a SIP call: the rep's microphone and speaker, the sender's track (a dropped
// voicemail replaces the microphone there), DTMF, and the quality figures of getStats().

export const sdhOf = (session: Session) =>
  session.sessionDescriptionHandler instanceof Web.SessionDescriptionHandler
    ? session.sessionDescriptionHandler
    : null;

const peerConnectionOf = (session: Session) => sdhOf(session)?.peerConnection ?? null;

/** getUserMedia for the calls' session description handlers, with an early open for a dial. */
export type Microphone = ((constraints: MediaStreamConstraints) => Promise<MediaStream>) & {
  /**
   * Starts opening the microphone while the server authorises an outbound call, so that the
   * INVITE waits for the slower of the two instead of both in turn; the call's session
   * description handler then takes that stream.
   */
  openEarly(): void;
  /** A call refused before its INVITE took the early stream: it closes. */
  release(): void;
};

/** getUserMedia with the rep's microphone, asked on the first call; a refusal is explained. */
export function createMicrophone(shared: SipShared): Microphone {
  let early: Promise<MediaStream> | null = null;
  const open = () => {
    const microphoneId = shared.options.devices?.().microphoneId ?? null;
    return navigator.mediaDevices.getUserMedia({
      audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
      video: false,
    });
  };
  const microphone = async () => {
    const opening = early ?? open();
    early = null;
    try {
      return await opening;
    } catch (error) {
      const name = error instanceof DOMException ? error.name : "";
      shared.notice(
        name === "NotAllowedError" || name === "SecurityError"
          ? "microphone-blocked"
          : "microphone-missing",
      );
      throw error;
    }
  };
  return Object.assign(microphone, {
    openEarly() {
      if (early || typeof navigator === "undefined" || !navigator.mediaDevices) return;
      early = open();
      // Its failure is reported when the call takes it, not before.
      early.catch(() => undefined);
    },
    release() {
      const opening = early;
      early = null;
      void opening?.then(
        (stream) => stream.getTracks().forEach((track) => track.stop()),
        () => undefined,
      );
    },
  });
}

/** The one <audio> element the far end is heard through, on the rep's chosen speaker. */
export function createRemoteAudio(shared: SipShared) {
  const audio = typeof Audio === "function" ? new Audio() : null;
  if (audio) audio.autoplay = true;
  return {
    play(session: Session) {
      const sdh = sdhOf(session);
      if (!audio || !sdh) return;
      if (audio.srcObject !== sdh.remoteMediaStream) audio.srcObject = sdh.remoteMediaStream;
      const speakerId = shared.options.devices?.().speakerId ?? null;
      const sink = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };
      if (speakerId && sink.setSinkId) void sink.setSinkId(speakerId).catch(() => undefined);
      void audio.play().catch(() => undefined);
    },
    stop() {
      if (audio) audio.srcObject = null;
      // The next call starts audible whatever this one's detector did.
      if (audio) audio.muted = false;
    },
    setAudible(audible: boolean) {
      if (audio) audio.muted = !audible;
    },
  };
}

/** One quality sample of the call's peer connection, or null without one. */
export async function sampleStatsOf(session: Session): Promise<StatsSample | null> {
  const pc = peerConnectionOf(session);
  return pc ? statsSampleOf(await pc.getStats()) : null;
}

/** Whether the call's media path is up (ICE and DTLS connected). */
export const mediaConnected = (session: Session) =>
  peerConnectionOf(session)?.connectionState === "connected";

/** The sender's tracks, not the microphone stream: a dropped voicemail replaces it there. */
export function recordingSourcesOf(session: Session): RecordingSources | null {
  const pc = peerConnectionOf(session);
  if (!pc) return null;
  const live = (t: MediaStreamTrack | null): t is MediaStreamTrack =>
    !!t && t.kind === "audio" && t.readyState === "live";
  return {
    sent: pc
      .getSenders()
      .map((s) => s.track)
      .filter(live),
    received: pc
      .getReceivers()
      .map((r) => r.track)
      .filter(live),
  };
}

/**
 * The audio sender of the call; `afterReplacement` also finds one whose track was taken away
 * while something else was sent in the microphone's place.
 */
export function audioSenderOf(session: Session, afterReplacement: boolean) {
  return peerConnectionOf(session)
    ?.getSenders()
    .find((s) => s.track?.kind === "audio" || (s.track === null && afterReplacement));
}

/** One DTMF key, as SIP INFO or RFC 4733 in the media (the line's DTMF mode). */
export function sendDigitOn(session: Session, key: KeypadKey, mode: "rfc4733" | "info") {
  if (mode === "info") {
    void session
      .info({
        requestOptions: {
          body: {
            contentDisposition: "render",
            contentType: "application/dtmf-relay",
            content: `Signal=${key}\r\nDuration=160`,
          },
        },
      })
      .catch(() => undefined);
  } else {
    // RFC 4733 in the media. insertDTMF replaces the digits still waiting to be sent (SIP.js's
    // sendDtmf calls it as is): queue behind them, so a rep tapping through a phone menu loses
    // no key.
    const dtmf = audioSenderOf(session, false)?.dtmf;
    if (dtmf?.canInsertDTMF) dtmf.insertDTMF(dtmf.toneBuffer + key, 100, 70);
  }
}
