import {
  Invitation,
  Inviter,
  Registerer,
  RegistererState,
  SessionState,
  UserAgent,
  Web,
  type Session,
} from "sip.js";
import { createQualityMeter, type QualityMeter } from "@/modules/dialer/lib/call-quality";
import { statsSampleOf } from "@/modules/dialer/lib/sip-stats";
import { dialRefusalOfCode } from "@/modules/calls/lib/dial-string";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import { lineRetryDelayMs } from "@/modules/dialer/lib/line-retry";
import { endReasonForOutcome, sipOutcome, type SipCallEnd } from "@/modules/dialer/lib/sip-outcome";
import type { DialContext } from "@/modules/dialer/lib/types";
import type {
  CallTransport,
  IncomingCall,
  LineStatus,
  TransportEvent,
  TransportNotice,
} from "@/modules/dialer/lib/transport";

// The real-call transport (issue 28): SIP over WebSocket (RFC 7118) with SIP.js, WebRTC media,
// straight from the browser to the organization's own SIP edge. It is its own chunk: the
// DialerProvider imports it after first paint, and only for an organization with a phone line.
// Facts it relies on are in docs/reference/telephony.md (checked against SIP.js 0.21.2 in
// Chromium and the test peer in tests/peers/sip-peer.mjs).

/** The line's public settings and the rep's address on it (GET-free: the /app layout has them). */
export type SipLine = {
  wsUrl: string;
  sipDomain: string;
  iceServers: RTCIceServer[];
  dtmfMode: "rfc4733" | "info";
};

export type SipCredentials = {
  username: string;
  password: string;
  sipUri: string;
  expiresAt: string;
  ttlSeconds: number;
};

/**
 * What the server says of one call before it is placed (modules/telephony/lib/authorize.ts): the signed
 * authorisation, the number to dial and the caller ID it chose to present (null: none).
 */
export type SipAuthorization = { authorization: string; number: string; callerId?: string | null };

export type SipTransportOptions = {
  line: SipLine;
  fetchCredentials(): Promise<SipCredentials>;
  /** The server's rules for the call: resolves with its signed authorisation, or throws. */
  authorize(
    dialedDigits: string,
    placeId: string | null,
    powerDial?: { includeClosed: boolean },
  ): Promise<SipAuthorization>;
  /** The rep's chosen devices at the moment of a call (ids from enumerateDevices). */
  devices?(): { microphoneId: string | null; speakerId: string | null };
  /** Answered but no media by then: the call ends as "No audio". */
  mediaWatchdogMs?: number;
  /** How long ICE gathering may hold the INVITE (SIP cannot trickle candidates). */
  iceGatheringTimeoutMs?: number;
  /**
   * One tab holds the line (Web Locks): the others show it in use and may take it over. Off in
   * browsers without navigator.locks (each tab then registers; the edge forks calls to all).
   */
  lockName?: string;
};

/** Header the edge checks (modules/telephony/lib/call-authorization.ts documents the token). */
export const CALL_AUTHORIZATION_HEADER = "X-DialFlow-Authorization";
/**
 * The caller ID the server chose (issue 29), as RFC 3325 asserts an identity within a trust
 * domain. The edge must not take it on trust from a browser: it keeps it only when it equals the
 * authorisation's signed callerId claim, and otherwise replaces it with that claim (README).
 */
export const CALLER_ID_HEADER = "P-Asserted-Identity";

/** The INVITE's headers for a call the server authorised. */
export function authorizedCallHeaders(authorization: SipAuthorization, sipDomain: string) {
  const headers = [`${CALL_AUTHORIZATION_HEADER}: ${authorization.authorization}`];
  // E.164 in a SIP URI with user=phone (RFC 3261 19.1.1), the form trunks expect.
  if (authorization.callerId && /^\+[1-9]\d{1,14}$/.test(authorization.callerId)) {
    headers.push(`${CALLER_ID_HEADER}: <sip:${authorization.callerId}@${sipDomain};user=phone>`);
  }
  return headers;
}

const DEFAULT_WATCHDOG_MS = 5000;
const DEFAULT_ICE_GATHERING_MS = 800;
/** Re-register with fresh credentials this long before they expire. */
const REFRESH_BEFORE_EXPIRY_MS = 60_000;
const STATS_INTERVAL_MS = 1000;
/** A call clicked while the line is still connecting waits this long for it. */
const LINE_WAIT_MS = 8000;

type Call = {
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

export function createSipTransport(options: SipTransportOptions): CallTransport {
  const listeners = new Set<(event: TransportEvent) => void>();
  const emit = (event: TransportEvent) => listeners.forEach((listener) => listener(event));
  const audio = typeof Audio === "function" ? new Audio() : null;
  if (audio) audio.autoplay = true;

  let disposed = false;
  let ua: UserAgent | null = null;
  let registerer: Registerer | null = null;
  let line: LineStatus = { state: "connecting", attempt: 1 };
  let attempt = 0;
  /** When the current outage began (the first failed attempt since the line was registered). */
  let offlineSince: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let call: Call | null = null;
  /** A dial waiting for the server's authorisation; a hang-up meanwhile cancels it. */
  let pendingDial: { cancelled: boolean } | null = null;
  let ringing: { invitation: Invitation; incoming: IncomingCall } | null = null;
  let releaseLock: (() => void) | null = null;

  /** Calls waiting for the line to register (see waitForLine). */
  const lineWaiters = new Set<() => void>();
  const setLine = (next: LineStatus) => {
    line = next;
    emit({ type: "line", line });
    if (next.state !== "connecting") lineWaiters.forEach((wake) => wake());
  };

  /** Resolves when the line is registered, or false once it is offline or `ms` have passed. */
  const waitForLine = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        lineWaiters.delete(done);
        resolve(line.state === "registered" && ua !== null);
      };
      const timer = setTimeout(done, ms);
      lineWaiters.add(done);
    });
  const notice = (kind: TransportNotice, detail?: string) =>
    emit({ type: "notice", notice: kind, detail });

  // ---- the line: credentials, register, refresh, retry -------------------------------------

  const scheduleRetry = (reason: "unreachable" | "rejected") => {
    if (disposed || releaseLock === null) return;
    offlineSince ??= Date.now();
    const delay = lineRetryDelayMs(Math.max(0, attempt - 1), Date.now() - offlineSince);
    clearTimer(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    setLine({ state: "offline", reason, retryAt: Date.now() + delay });
  };

  const scheduleRefresh = (credentials: SipCredentials) => {
    clearTimer(refreshTimer);
    const expires = Date.parse(credentials.expiresAt);
    const wait = Math.max(5000, expires - Date.now() - REFRESH_BEFORE_EXPIRY_MS);
    refreshTimer = setTimeout(() => void refresh(), wait);
  };

  /** Fresh credentials into the running user agent, then a REGISTER that uses them. */
  const refresh = async () => {
    if (disposed || !ua || !registerer) return;
    try {
      const credentials = await options.fetchCredentials();
      ua.configuration.authorizationUsername = credentials.username;
      ua.configuration.authorizationPassword = credentials.password;
      await registerer.register();
      scheduleRefresh(credentials);
    } catch {
      scheduleRetry("unreachable");
    }
  };

  const connect = async () => {
    if (disposed) return;
    attempt++;
    setLine({ state: "connecting", attempt });
    await stopUserAgent();
    let credentials: SipCredentials;
    try {
      credentials = await options.fetchCredentials();
    } catch {
      scheduleRetry("unreachable");
      return;
    }
    if (disposed) return;
    const uri = UserAgent.makeURI(credentials.sipUri);
    if (!uri) {
      setLine({ state: "offline", reason: "not-configured" });
      return;
    }
    const agent = new UserAgent({
      uri,
      authorizationUsername: credentials.username,
      authorizationPassword: credentials.password,
      transportOptions: { server: options.line.wsUrl, connectionTimeout: 5, traceSip: false },
      sessionDescriptionHandlerFactory: Web.defaultSessionDescriptionHandlerFactory(microphone),
      sessionDescriptionHandlerFactoryOptions: {
        // Only the servers the team chose: SIP.js would otherwise add a public STUN server.
        peerConnectionConfiguration: { iceServers: options.line.iceServers },
        iceGatheringTimeout: options.iceGatheringTimeoutMs ?? DEFAULT_ICE_GATHERING_MS,
      },
      logBuiltinEnabled: false,
      logLevel: "error",
      userAgentString: "DialFlow",
      delegate: {
        onDisconnect: (error) => {
          if (agent !== ua || disposed) return;
          if (error) scheduleRetry("unreachable");
        },
        onInvite: (invitation) => onInvite(invitation),
      },
    });
    ua = agent;
    try {
      await agent.start();
    } catch {
      if (agent === ua) scheduleRetry("unreachable");
      return;
    }
    const reg = new Registerer(agent, { expires: Math.min(600, credentials.ttlSeconds) });
    registerer = reg;
    reg.stateChange.addListener((state) => {
      if (reg !== registerer || disposed) return;
      if (state === RegistererState.Registered) {
        attempt = 0;
        offlineSince = null;
        setLine({ state: "registered" });
      }
    });
    try {
      await reg.register({
        requestDelegate: {
          onReject: () => {
            if (reg === registerer) scheduleRetry("rejected");
          },
        },
      });
      scheduleRefresh(credentials);
    } catch {
      if (reg === registerer) scheduleRetry("unreachable");
    }
  };

  const stopUserAgent = async () => {
    const agent = ua;
    const reg = registerer;
    ua = null;
    registerer = null;
    clearTimer(refreshTimer);
    if (!agent) return;
    try {
      if (reg && reg.state === RegistererState.Registered) await reg.unregister();
    } catch {
      // The edge may be gone already; stopping the agent is what matters.
    }
    await agent.stop().catch(() => undefined);
  };

  /**
   * Holds the line in this tab (Web Locks) until the tab closes or another takes it over; a tab
   * without it shows the line in use and waits its turn.
   */
  const acquireLine = (steal: boolean) => {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    const name = options.lockName;
    if (!locks || !name) {
      releaseLock = () => undefined;
      void connect();
      return;
    }
    const run = (request: LockOptions) =>
      locks
        .request(name, request, (lock) => {
          if (disposed || releaseLock) return;
          if (!lock) {
            setLine({ state: "offline", reason: "other-tab" });
            void run({});
            return;
          }
          let release: () => void = () => undefined;
          const held = new Promise<void>((resolve) => (release = resolve));
          releaseLock = release;
          attempt = 0;
          void connect();
          return held;
        })
        .catch(() => {
          // Another tab took the line over (its steal aborts our lock): let go of it here,
          // and wait for it to come back.
          if (disposed) return;
          releaseLock = null;
          clearTimer(retryTimer);
          void stopUserAgent();
          setLine({ state: "offline", reason: "other-tab" });
          void run({});
        });
    void run(steal ? { steal: true } : { ifAvailable: true });
  };

  // ---- media --------------------------------------------------------------------------------

  /** getUserMedia with the rep's microphone, asked on the first call; a refusal is explained. */
  async function microphone(constraints: MediaStreamConstraints): Promise<MediaStream> {
    const microphoneId = options.devices?.().microphoneId ?? null;
    try {
      return await navigator.mediaDevices.getUserMedia({
        ...constraints,
        audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
        video: false,
      });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : "";
      notice(
        name === "NotAllowedError" || name === "SecurityError"
          ? "microphone-blocked"
          : "microphone-missing",
      );
      throw error;
    }
  }

  const sdhOf = (session: Session) =>
    session.sessionDescriptionHandler instanceof Web.SessionDescriptionHandler
      ? session.sessionDescriptionHandler
      : null;

  const playRemote = (session: Session) => {
    const sdh = sdhOf(session);
    if (!audio || !sdh) return;
    if (audio.srcObject !== sdh.remoteMediaStream) audio.srcObject = sdh.remoteMediaStream;
    const speakerId = options.devices?.().speakerId ?? null;
    const sink = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };
    if (speakerId && sink.setSinkId) void sink.setSinkId(speakerId).catch(() => undefined);
    void audio.play().catch(() => undefined);
  };

  const sampleStats = async (current: Call) => {
    const pc = sdhOf(current.session)?.peerConnection;
    if (!pc || current.finished) return;
    const sample = statsSampleOf(await pc.getStats());
    if (current.finished || current !== call || current.held) return;
    emit({ type: "quality", reading: current.meter.add(sample) });
  };

  /** Answered: start the stats and the "no audio" watchdog. */
  const established = (current: Call) => {
    current.answered = true;
    playRemote(current.session);
    emit({ type: "connected" });
    current.statsTimer = setInterval(() => void sampleStats(current), STATS_INTERVAL_MS);
    const pc = sdhOf(current.session)?.peerConnection;
    const connected = () => pc?.connectionState === "connected";
    if (connected()) return;
    current.watchdog = setTimeout(() => {
      if (current.finished || connected()) return;
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
    if (call === current) call = null;
    if (audio) audio.srcObject = null;
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
    session.stateChange.addListener((state) => {
      if (state === SessionState.Established) established(current);
      // SIP.js terminates the session before the INVITE's onReject runs: read how it ended a
      // tick later (telephony.md).
      if (state === SessionState.Terminated) setTimeout(() => finish(current), 0);
    });
    return current;
  };

  // ---- calls out ----------------------------------------------------------------------------

  const place = async (number: string, context: DialContext | null) => {
    const placeId = context?.placeId ?? null;
    const ticket = { cancelled: false };
    pendingDial = ticket;
    const failed = (end: SipCallEnd) => {
      if (pendingDial === ticket) pendingDial = null;
      if (ticket.cancelled) return;
      const described = sipOutcome(end);
      emit({
        type: "ended",
        reason: "failed",
        outcome: described.outcome,
        sipStatus: described.sipStatus,
      });
    };
    if (line.state === "connecting") {
      // Clicked while the line is still connecting (the page just opened, a reconnect): wait a
      // few seconds for it, with the wait shown, rather than fail at once.
      emit({ type: "waiting-line", waiting: true });
      await waitForLine(LINE_WAIT_MS);
      emit({ type: "waiting-line", waiting: false });
      if (ticket.cancelled) return;
    }
    if (!ua || line.state !== "registered") {
      notice("call-refused", "line-offline");
      failed({ kind: "transport-error" });
      return;
    }
    let authorization: SipAuthorization;
    try {
      authorization = await options.authorize(number, placeId, context?.powerDial);
    } catch (error) {
      const refusal = dialRefusalOfCode((error as { code?: string } | null)?.code);
      if (refusal) notice("dial-refused", refusal);
      else notice("call-refused", error instanceof Error ? error.message : undefined);
      failed({ kind: "transport-error" });
      return;
    }
    if (ticket.cancelled || !ua) return failed({ kind: "local-end", answered: false });
    pendingDial = null;
    const target = UserAgent.makeURI(`sip:${authorization.number}@${options.line.sipDomain}`);
    if (!target) return failed({ kind: "final", status: 484 });
    const inviter = new Inviter(ua, target, {
      extraHeaders: authorizedCallHeaders(authorization, options.line.sipDomain),
      earlyMedia: true,
      sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
    });
    const current = track(inviter, "outbound");
    call = current;
    let rang = false;
    let sent = false;
    // The call is a dial once its INVITE is out: an answer to it proves that much too.
    const placed = () => {
      if (sent || current.finished) return;
      sent = true;
      emit({ type: "placed" });
    };
    try {
      await inviter.invite({
        requestDelegate: {
          onTrying: placed,
          onAccept: placed,
          onProgress: (response) => {
            placed();
            const status = response.message.statusCode ?? 0;
            if ((status === 180 || status === 183) && !rang) {
              rang = true;
              emit({ type: "ringing" });
            }
            // 183 with SDP: announcements and ringback from the far end are heard.
            if (status === 183) playRemote(inviter);
          },
          onReject: (response) => {
            placed();
            current.end ??= {
              kind: "final",
              status: response.message.statusCode ?? 0,
              reason: response.message.reasonPhrase,
            };
          },
        },
      });
      placed();
    } catch {
      // No microphone, or the request could not be sent: the session terminates (or never
      // started); either way the call is over.
      current.end ??= { kind: "transport-error" };
      setTimeout(() => finish(current), 0);
    }
  };

  // ---- calls in -----------------------------------------------------------------------------

  const onInvite = (invitation: Invitation) => {
    // One call at a time: a call arriving during a call (or while another rings) is told busy;
    // the edge's own voicemail or queue takes it from there.
    if (call || ringing || pendingDial) {
      void invitation.reject({ statusCode: 486 }).catch(() => undefined);
      return;
    }
    const identity = invitation.remoteIdentity;
    const incoming: IncomingCall = {
      id: invitation.id,
      from: identity.uri.user ?? "",
      name: identity.displayName || null,
    };
    ringing = { invitation, incoming };
    invitation.stateChange.addListener((state) => {
      if (state !== SessionState.Terminated && state !== SessionState.Established) return;
      if (ringing?.invitation !== invitation) return;
      ringing = null;
      emit({ type: "incoming-ended", id: incoming.id, answered: false });
    });
    emit({ type: "incoming", call: incoming });
  };

  // ---- the transport ------------------------------------------------------------------------

  const withCall = (run: (current: Call) => void) => {
    if (call && !call.finished && call.answered) run(call);
  };

  acquireLine(false);

  return {
    capabilities: { real: true },
    recordingSources() {
      // The sender's track, not the microphone stream: a dropped voicemail replaces it there.
      const pc =
        call && !call.finished && call.answered ? sdhOf(call.session)?.peerConnection : null;
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
    },
    async sendInPlaceOfMicrophone(track) {
      const current = call;
      if (!current || current.finished || !current.answered) return false;
      const sender = sdhOf(current.session)
        ?.peerConnection?.getSenders()
        .find((s) => s.track?.kind === "audio" || (s.track === null && current.microphone));
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
    dial(number, context) {
      void place(number, context ?? null);
    },
    hangUp() {
      if (pendingDial) {
        pendingDial.cancelled = true;
        pendingDial = null;
        emit({ type: "ended", reason: "local", outcome: "cancelled", sipStatus: null });
        return;
      }
      const current = call;
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
    sendDigit(key: KeypadKey) {
      withCall((current) => {
        if (options.line.dtmfMode === "info") {
          void current.session
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
          // RFC 4733 in the media. insertDTMF replaces the digits still waiting to be sent
          // (SIP.js's sendDtmf calls it as is): queue behind them, so a rep tapping through a
          // phone menu loses no key.
          const sender = sdhOf(current.session)
            ?.peerConnection?.getSenders()
            .find((s) => s.track?.kind === "audio");
          const dtmf = sender?.dtmf;
          if (dtmf?.canInsertDTMF) dtmf.insertDTMF(dtmf.toneBuffer + key, 100, 70);
        }
      });
    },
    setHeld(held) {
      withCall((current) => {
        if (current.held === held) return;
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
      });
    },
    setMuted(muted) {
      const current = call;
      if (!current || current.finished) return;
      current.muted = muted;
      sdhOf(current.session)?.enableSenderTracks(!muted && !current.held);
      emit({ type: "muted", muted });
    },
    answer(id) {
      if (!ringing || ringing.incoming.id !== id) return;
      const { invitation } = ringing;
      ringing = null;
      emit({ type: "incoming-ended", id, answered: true });
      call = track(invitation, "inbound");
      void invitation
        .accept({
          sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
        })
        .catch(() => undefined);
    },
    decline(id) {
      if (!ringing || ringing.incoming.id !== id) return;
      void ringing.invitation.reject({ statusCode: 603 }).catch(() => undefined);
    },
    takeOverLine() {
      if (releaseLock) return;
      acquireLine(true);
    },
    retryLine() {
      // Only a line waiting out its back-off: not one connecting, registered or in another tab.
      const waiting = line.state === "offline" && line.reason !== "other-tab";
      if (disposed || retryTimer === null || !waiting) return;
      clearTimer(retryTimer);
      retryTimer = null;
      void connect();
    },
    subscribe(listener) {
      listeners.add(listener);
      listener({ type: "line", line });
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      clearTimer(retryTimer);
      if (call) this.hangUp();
      if (ringing) void ringing.invitation.reject({ statusCode: 480 }).catch(() => undefined);
      void stopUserAgent().finally(() => releaseLock?.());
      listeners.clear();
    },
  };
}

function clearTimer(timer: ReturnType<typeof setTimeout> | null) {
  if (timer !== null) clearTimeout(timer);
}
