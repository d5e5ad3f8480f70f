import { Registerer, RegistererState, UserAgent, Web, type Invitation } from "sip.js";
import { iceServersFor } from "@/modules/dialer/lib/ice-servers";
import { lineRetryDelayMs } from "@/modules/dialer/lib/line-retry";
import { clearTimer, type SipCredentials, type SipShared } from "@/modules/dialer/lib/sip-shared";
import type { LineStatus } from "@/modules/dialer/lib/types";

// The phone line of the SIP softphone: credentials, the user agent and its REGISTER, refreshing
// the credentials before they expire, and retrying with a back-off when the edge is gone.

/** How long the softphone gathers ICE candidates before it sends an offer. */
export const DEFAULT_ICE_GATHERING_MS = 800;
/** Re-register with fresh credentials this long before they expire. */
const REFRESH_BEFORE_EXPIRY_MS = 60_000;

export type SipRegistrationHooks = {
  /** A call arrives on the registered line. */
  onInvite(invitation: Invitation): void;
  /** getUserMedia for the calls' session description handlers. */
  microphone(constraints: MediaStreamConstraints): Promise<MediaStream>;
  /** Whether this tab holds the line: one that does not never retries (sip-line-lock.ts). */
  holdsLine(): boolean;
};

export type SipRegistration = ReturnType<typeof createSipRegistration>;

export function createSipRegistration(shared: SipShared, hooks: SipRegistrationHooks) {
  const { options } = shared;
  let ua: UserAgent | null = null;
  let registerer: Registerer | null = null;
  let line: LineStatus = { state: "connecting", attempt: 1 };
  let attempt = 0;
  /** When the current outage began (the first failed attempt since the line was registered). */
  let offlineSince: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  /** Calls waiting for the line to register (see waitForLine). */
  const lineWaiters = new Set<() => void>();
  const setLine = (next: LineStatus) => {
    line = next;
    shared.emit({ type: "line", line });
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

  const scheduleRetry = (reason: "unreachable" | "rejected") => {
    if (shared.disposed || !hooks.holdsLine()) return;
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
    if (shared.disposed || !ua || !registerer) return;
    try {
      const credentials = await options.fetchCredentials();
      ua.configuration.authorizationUsername = credentials.username;
      ua.configuration.authorizationPassword = credentials.password;
      // Each new call reads these options: minted TURN credentials renew with the SIP ones.
      ua.configuration.sessionDescriptionHandlerFactoryOptions = {
        ...ua.configuration.sessionDescriptionHandlerFactoryOptions,
        peerConnectionConfiguration: {
          iceServers: iceServersFor(options.line.iceServers, credentials),
        },
      };
      await registerer.register();
      scheduleRefresh(credentials);
    } catch {
      scheduleRetry("unreachable");
    }
  };

  const connect = async () => {
    if (shared.disposed) return;
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
    if (shared.disposed) return;
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
      sessionDescriptionHandlerFactory: Web.defaultSessionDescriptionHandlerFactory(
        hooks.microphone,
      ),
      sessionDescriptionHandlerFactoryOptions: {
        // Only the servers the team chose: SIP.js would otherwise add a public STUN server.
        peerConnectionConfiguration: {
          iceServers: iceServersFor(options.line.iceServers, credentials),
        },
        iceGatheringTimeout: options.iceGatheringTimeoutMs ?? DEFAULT_ICE_GATHERING_MS,
      },
      logBuiltinEnabled: false,
      logLevel: "error",
      userAgentString: "DialFlow",
      delegate: {
        onDisconnect: (error) => {
          if (agent !== ua || shared.disposed) return;
          if (error) scheduleRetry("unreachable");
        },
        onInvite: (invitation) => hooks.onInvite(invitation),
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
      if (reg !== registerer || shared.disposed) return;
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

  return {
    /** The running user agent, or null while the line is down. */
    get ua() {
      return ua;
    },
    get line() {
      return line;
    },
    setLine,
    waitForLine,
    /** This tab just got the line: register from a fresh count of attempts. */
    start() {
      attempt = 0;
      void connect();
    },
    stop: stopUserAgent,
    /** Forgets a scheduled retry (the line went to another tab, or the transport is gone). */
    cancelRetry() {
      clearTimer(retryTimer);
    },
    /** Tries to register now instead of after its back-off: only a line waiting one out. */
    retryNow() {
      const waiting = line.state === "offline" && line.reason !== "other-tab";
      if (shared.disposed || retryTimer === null || !waiting) return;
      clearTimer(retryTimer);
      retryTimer = null;
      void connect();
    },
  };
}
