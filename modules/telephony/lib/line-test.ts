import "server-only";
import crypto from "node:crypto";
import { mintEphemeralCredentials } from "./ephemeral";
import { canAnswer, digestAuthorization, parseDigestChallenge } from "./sip-digest";
import { buildRegister, header, parseSipMessage, registerUri } from "./sip-message";
import type { LineTestCode, LineTestResult } from "./schemas";

// The console's "Test line", run from the server: open the line's WebSocket with the `sip`
// subprotocol, REGISTER a test user with freshly minted credentials, answer one digest challenge,
// report what happened and how long it took. Neither the secret nor the minted password is ever
// part of the result.

/** The SIP user the test registers (its binding expires after REGISTER_EXPIRES seconds). */
export const LINE_TEST_USER = "dialflow-line-test";
export const LINE_TEST_TIMEOUT_MS = 8000;
const REGISTER_EXPIRES = 60;

type Listener = (event: { data?: unknown }) => void;

/** What the test needs of a WebSocket: the WHATWG interface (Node 22's global, or `ws`). */
export type WebSocketLike = {
  readonly protocol: string;
  binaryType?: string;
  send(data: string): void;
  close(): void;
  addEventListener(type: "open" | "message" | "error" | "close", listener: Listener): void;
};
export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
) => WebSocketLike;

/** The runtime's WebSocket client, or null. Node 22+ has one; Node 20 only with a flag. */
export function globalWebSocket(): WebSocketConstructor | null {
  const ctor = (globalThis as { WebSocket?: unknown }).WebSocket;
  return typeof ctor === "function" ? (ctor as WebSocketConstructor) : null;
}

/**
 * The runtime's WebSocket client, or the `ws` package's: Node 20 has none of its own without
 * --experimental-websocket (Node 22 has), and the console's line test must work on the Node the
 * README supports. Loaded on first use only.
 */
export async function defaultWebSocket(): Promise<WebSocketConstructor> {
  const native = globalWebSocket();
  if (native) return native;
  const { WebSocket } = await import("ws");
  return WebSocket as unknown as WebSocketConstructor;
}

function textOf(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return new TextDecoder().decode(data as ArrayBuffer);
  }
  return null;
}

const random = () => crypto.randomBytes(8).toString("hex");

export async function runLineTest(
  line: { wsUrl: string; sipDomain: string },
  secret: string,
  options: { timeoutMs?: number; WebSocket?: WebSocketConstructor | null } = {},
): Promise<LineTestResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const testedAt = new Date().toISOString();
  const state = {
    connected: false,
    registered: false,
    status: null as number | null,
    reason: null as string | null,
    subprotocol: null as string | null,
    connectMs: null as number | null,
    registerMs: null as number | null,
  };
  const result = (code: LineTestCode): LineTestResult => ({
    ok: code === "registered",
    code,
    ...state,
    totalMs: elapsed(),
    testedAt,
    safety: null,
  });
  const Ctor = options.WebSocket === undefined ? await defaultWebSocket() : options.WebSocket;
  if (!Ctor) return result("unavailable");

  const credentials = mintEphemeralCredentials(secret, LINE_TEST_USER);
  const transport = new URL(line.wsUrl).protocol === "ws:" ? "ws" : "wss";
  const ids = { callId: random(), fromTag: random(), viaHost: `${random()}.invalid` };
  let cseq = 1;
  let challenged = false;

  return new Promise((resolve) => {
    let ws: WebSocketLike | undefined;
    let done = false;
    const finish = (code: LineTestCode) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        ws?.close();
      } catch {
        // Already closing: nothing to release.
      }
      resolve(result(code));
    };
    const timer = setTimeout(() => finish("timeout"), options.timeoutMs ?? LINE_TEST_TIMEOUT_MS);
    const register = (authorization?: [string, string]) =>
      ws!.send(
        buildRegister({
          transport,
          domain: line.sipDomain,
          user: LINE_TEST_USER,
          ...ids,
          cseq,
          branch: random(),
          expires: REGISTER_EXPIRES,
          authorization,
        }),
      );
    try {
      ws = new Ctor(line.wsUrl, "sip");
      ws.binaryType = "arraybuffer";
    } catch {
      finish("connect_failed");
      return;
    }
    ws.addEventListener("open", () => {
      state.connected = true;
      state.connectMs = elapsed();
      state.subprotocol = ws!.protocol || null;
      // RFC 7118: the edge must choose the `sip` subprotocol.
      if (ws!.protocol !== "sip") return finish("subprotocol");
      register();
    });
    ws.addEventListener("message", (event) => {
      const message = parseSipMessage(textOf(event.data) ?? "");
      if (!message || message.status === null || message.status < 200) return;
      if (header(message, "call-id") !== ids.callId) return;
      if (!header(message, "cseq")?.startsWith(`${cseq} `)) return;
      state.status = message.status;
      state.reason = message.reason || null;
      state.registerMs = elapsed();
      if (message.status < 300) {
        state.registered = true;
        return finish("registered");
      }
      if ((message.status === 401 || message.status === 407) && !challenged) {
        const proxy = message.status === 407;
        const challenge = (
          message.headers.get(proxy ? "proxy-authenticate" : "www-authenticate") ?? []
        )
          .map(parseDigestChallenge)
          .find((c) => c !== null && canAnswer(c));
        if (!challenge) return finish("challenge_unsupported");
        challenged = true;
        cseq += 1;
        const answer = digestAuthorization(challenge, {
          username: credentials.username,
          password: credentials.password,
          method: "REGISTER",
          uri: registerUri(line.sipDomain),
        })!;
        return register([proxy ? "Proxy-Authorization" : "Authorization", answer]);
      }
      finish("rejected");
    });
    ws.addEventListener("error", () => finish(state.connected ? "closed" : "connect_failed"));
    ws.addEventListener("close", () => finish(state.connected ? "closed" : "connect_failed"));
  });
}
