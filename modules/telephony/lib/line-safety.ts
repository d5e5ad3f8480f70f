import "server-only";
import crypto from "node:crypto";
import { signCallAuthorization } from "./call-authorization";
import { mintEphemeralCredentials } from "./ephemeral";
import { LINE_TEST_USER, type WebSocketConstructor, type WebSocketLike } from "./line-test";
import type { LineSafety, SafetyCheck, SafetyCheckId } from "./schemas";
import { canAnswer, digestAuthorization, parseDigestChallenge } from "./sip-digest";
import { buildRequest, header, parseSipMessage, type SipMessage } from "./sip-message";
import { checkTurnAllocation, turnAddressOf } from "./turn-check";

// The Test line's safety checks: does the edge itself refuse calls the server did not sign?
// Over the line's WebSocket, with minted credentials (so that an edge asking for them is
// answered, and only the authorisation is left to refuse), it sends INVITEs without an
// authorisation, with a tampered one, an expired one and a replayed one. The only acceptable
// answer is a refusal (403, or a challenge again); anything else (ringing, an answer, the far
// end's 404 or 486) means the INVITE went past the edge: the line is unsafe. Whatever goes
// past is cancelled or hung up at once. The numbers called are NANP's fictional 555-01xx ones,
// so even an unsafe edge rings no one.

/** Numbers in NANP's range reserved for fiction (555-0100 to 555-0199). */
const PROBE_NUMBER = "+12025550199";
const OTHER_NUMBER = "+12025550198";
const INVITE_TIMEOUT_MS = 4000;

type Verdict = { outcome: SafetyCheck["outcome"]; status: number | null; reason: string | null };

const random = () => crypto.randomBytes(8).toString("hex");
const textOf = (data: unknown) =>
  typeof data === "string"
    ? data
    : data instanceof ArrayBuffer || ArrayBuffer.isView(data)
      ? new TextDecoder().decode(data as ArrayBuffer)
      : "";

/** A plain audio offer: enough for an edge to route on; no media is ever sent to it. */
const probeSdp = [
  "v=0",
  "o=- 1 1 IN IP4 127.0.0.1",
  "s=DialFlow line test",
  "c=IN IP4 127.0.0.1",
  "t=0 0",
  "m=audio 9 RTP/AVP 0",
  "a=rtpmap:0 PCMU/8000",
  "a=sendrecv",
  "",
].join("\r\n");

/** Flips one character inside a JWS's signature: same shape, wrong signature. */
function tamper(token: string): string {
  const [head, payload, signature] = token.split(".");
  const i = Math.floor(signature!.length / 2);
  const flipped = signature![i] === "A" ? "B" : "A";
  return `${head}.${payload}.${signature!.slice(0, i)}${flipped}${signature!.slice(i + 1)}`;
}

/** One WebSocket to the edge, answering messages to whoever waits for that Call-ID. */
async function openSocket(url: string, Ctor: WebSocketConstructor) {
  const waiters = new Map<string, (message: SipMessage) => void>();
  const ws: WebSocketLike = new Ctor(url, "sip");
  ws.binaryType = "arraybuffer";
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("closed")));
    ws.addEventListener("close", () => reject(new Error("closed")));
  });
  ws.addEventListener("message", (event) => {
    const message = parseSipMessage(textOf(event.data));
    const callId = message && header(message, "call-id");
    if (message && callId) waiters.get(callId)?.(message);
  });
  return { ws, waiters };
}

type Socket = Awaited<ReturnType<typeof openSocket>>;

export async function runLineSafetyChecks(
  line: {
    wsUrl: string;
    sipDomain: string;
    iceServers?: Array<{ urls: string; username?: string; credential?: string }>;
  },
  secret: string,
  options: { WebSocket: WebSocketConstructor; now?: () => Date },
): Promise<LineSafety> {
  const now = options.now ?? (() => new Date());
  const domain = line.sipDomain;
  const credentials = mintEphemeralCredentials(secret, LINE_TEST_USER, now());
  const viaHost = `${random()}.invalid`;
  const transport = new URL(line.wsUrl).protocol === "ws:" ? "WS" : "WSS";
  const checks: SafetyCheck[] = [];
  const add = (id: SafetyCheckId, verdict: Verdict) => checks.push({ id, ...verdict });

  let socket: Socket;
  try {
    socket = await openSocket(line.wsUrl, options.WebSocket);
  } catch {
    for (const id of ["unsigned", "tampered", "expired", "replayed", "media_relay"] as const) {
      add(id, { outcome: "not_checked", status: null, reason: null });
    }
    return finish(checks, await turnCheck(line, credentials));
  }

  const sign = (offsetSeconds = 0) =>
    signCallAuthorization(
      secret,
      { number: PROBE_NUMBER, callerId: null, rep: LINE_TEST_USER, org: "line-test" },
      new Date(now().getTime() + offsetSeconds * 1000),
    ).then((s) => s.token);

  try {
    add("unsigned", await invite(socket, { number: PROBE_NUMBER, token: null }));
    add("tampered", await invite(socket, { number: PROBE_NUMBER, token: tamper(await sign()) }));
    add("expired", await invite(socket, { number: PROBE_NUMBER, token: await sign(-120) }));
    // A token is spent at its first use, even by a refused INVITE (here: for another number);
    // the same token for its own number must then be refused as used.
    const token = await sign();
    const first = await invite(socket, { number: OTHER_NUMBER, token });
    add(
      "replayed",
      first.outcome === "accepted" ? first : await invite(socket, { number: PROBE_NUMBER, token }),
    );
    add("media_relay", await mediaCheck(socket));
  } finally {
    try {
      socket.ws.close();
    } catch {
      // Already closing.
    }
  }
  return finish(checks, await turnCheck(line, credentials));

  function send(text: string) {
    socket.ws.send(text);
  }

  function invite(s: Socket, call: { number: string; token: string | null }): Promise<Verdict> {
    const callId = random();
    const fromTag = random();
    const uri = `sip:${call.number}@${domain};user=phone`;
    let cseq = 1;
    let branch = random();
    let challenged = false;
    let wentThrough = false;
    const headersFor = (method: string, extra: Array<[string, string]> = []) =>
      [
        ["Via", `SIP/2.0/${transport} ${viaHost};branch=z9hG4bK${branch}`],
        ["Max-Forwards", "70"],
        ["To", `<sip:${call.number}@${domain}>`],
        ["From", `<sip:${LINE_TEST_USER}@${domain}>;tag=${fromTag}`],
        ["Call-ID", callId],
        ["CSeq", `${cseq} ${method}`],
        ["Contact", `<sip:${LINE_TEST_USER}@${viaHost};transport=ws>`],
        ["User-Agent", "DialFlow line test"],
        ...extra,
      ] as Array<[string, string]>;
    const inviteHeaders = (auth?: [string, string]) =>
      headersFor("INVITE", [
        ...(call.token
          ? ([["X-DialFlow-Authorization", call.token]] as Array<[string, string]>)
          : []),
        ...(auth ? [auth] : []),
        ["Content-Type", "application/sdp"],
      ]);
    const ackFor = (response: SipMessage) =>
      buildRequest("ACK", uri, [
        ...headersFor("ACK").filter(([n]) => n !== "To" && n !== "CSeq"),
        ["To", header(response, "to") ?? `<sip:${call.number}@${domain}>`],
        ["CSeq", `${cseq} ACK`],
      ]);

    return new Promise<Verdict>((resolve) => {
      const done = (verdict: Verdict) => {
        clearTimeout(timer);
        s.waiters.delete(callId);
        resolve(verdict);
      };
      const timer = setTimeout(() => {
        if (wentThrough) send(buildRequest("CANCEL", uri, headersFor("CANCEL")));
        done({
          outcome: wentThrough ? "accepted" : "not_checked",
          status: null,
          reason: wentThrough ? "ringing" : null,
        });
      }, INVITE_TIMEOUT_MS);
      s.waiters.set(callId, (message) => {
        if (message.status === null || !header(message, "cseq")?.endsWith("INVITE")) return;
        if (!header(message, "cseq")?.startsWith(`${cseq} `)) return;
        const { status } = message;
        if (status < 180) return;
        if (status < 200) {
          // Ringing: it went past the edge. Stop it before anyone could pick up.
          if (!wentThrough) send(buildRequest("CANCEL", uri, headersFor("CANCEL")));
          wentThrough = true;
          return;
        }
        if (status < 300) {
          // Answered: end the dialog along its route (RFC 3261 12.1.2), then report it.
          const route = (message.headers.get("record-route") ?? [])
            .flatMap((v) => v.split(/,(?=\s*<)/))
            .map((v) => ["Route", v.trim()] as [string, string])
            .reverse();
          const target = /<([^>]+)>/.exec(header(message, "contact") ?? "")?.[1] ?? uri;
          const inDialog = (method: string) =>
            buildRequest(method, target, [
              ...headersFor(method).filter(([n]) => n !== "To"),
              ["To", header(message, "to") ?? ""],
              ...route,
            ]);
          send(inDialog("ACK"));
          cseq += 1;
          branch = random();
          send(inDialog("BYE"));
          return done({ outcome: "accepted", status, reason: message.reason });
        }
        send(ackFor(message));
        const auth = challenged ? null : answerChallenge(message, "INVITE", uri);
        if (auth) {
          challenged = true;
          cseq += 1;
          branch = random();
          return send(buildRequest("INVITE", uri, inviteHeaders(auth), probeSdp));
        }
        const refused = status === 403 || status === 401 || status === 407;
        done({
          outcome: refused && !wentThrough ? "refused" : "accepted",
          status,
          reason: message.reason,
        });
      });
      send(buildRequest("INVITE", uri, inviteHeaders(), probeSdp));
    });
  }

  /**
   * The Authorization or Proxy-Authorization that answers a 401 or 407 with the line's
   * credentials, or null when the message is no challenge this client can answer.
   */
  function answerChallenge(
    message: SipMessage,
    method: string,
    uri: string,
  ): [string, string] | null {
    if (message.status !== 401 && message.status !== 407) return null;
    const proxy = message.status === 407;
    const challenge = (message.headers.get(proxy ? "proxy-authenticate" : "www-authenticate") ?? [])
      .map(parseDigestChallenge)
      .find((c) => c !== null && canAnswer(c));
    if (!challenge) return null;
    const answer = digestAuthorization(challenge, { ...credentials, method, uri });
    return answer ? [proxy ? "Proxy-Authorization" : "Authorization", answer] : null;
  }

  /**
   * The edge's media relay, asked with an offer: an answer with its own SDP means it is up. The
   * edge asks for the line's credentials first (each check opens ports on the relay).
   */
  function mediaCheck(s: Socket): Promise<Verdict> {
    const callId = random();
    const uri = `sip:dialflow-media-check@${domain}`;
    const fromTag = random();
    let challenged = false;
    const headers = (cseq: number, auth: Array<[string, string]> = []) =>
      [
        ["Via", `SIP/2.0/${transport} ${viaHost};branch=z9hG4bK${random()}`],
        ["Max-Forwards", "70"],
        ["To", `<${uri}>`],
        ["From", `<sip:${LINE_TEST_USER}@${domain}>;tag=${fromTag}`],
        ["Call-ID", callId],
        ["CSeq", `${cseq} OPTIONS`],
        ...auth,
        ["Content-Type", "application/sdp"],
      ] as Array<[string, string]>;
    return new Promise<Verdict>((resolve) => {
      const timer = setTimeout(() => {
        s.waiters.delete(callId);
        resolve({ outcome: "not_checked", status: null, reason: null });
      }, INVITE_TIMEOUT_MS);
      s.waiters.set(callId, (message) => {
        if (message.status === null || message.status < 200) return;
        const auth = challenged ? null : answerChallenge(message, "OPTIONS", uri);
        if (auth) {
          challenged = true;
          return send(buildRequest("OPTIONS", uri, headers(2, [auth]), probeSdp));
        }
        clearTimeout(timer);
        s.waiters.delete(callId);
        const relayed = message.status < 300 && /^m=audio [1-9]\d*/m.test(message.body);
        resolve({
          outcome:
            message.status < 300
              ? relayed
                ? "passed"
                : "not_checked"
              : message.status === 503
                ? "failed"
                : "not_checked",
          status: message.status,
          reason: message.reason,
        });
      });
      send(buildRequest("OPTIONS", uri, headers(1), probeSdp));
    });
  }
}

/** The first UDP TURN server of the line, with its own credentials or minted ones. */
async function turnCheck(
  line: { iceServers?: Array<{ urls: string; username?: string; credential?: string }> },
  minted: { username: string; password: string },
): Promise<SafetyCheck> {
  const server = (line.iceServers ?? []).find(
    (s) => /^turn:/i.test(s.urls) && !/transport=tcp/i.test(s.urls),
  );
  const address = server ? turnAddressOf(server.urls) : null;
  if (!server || !address)
    return { id: "turn", outcome: "not_checked", status: null, reason: null };
  const credentials =
    server.username && server.credential
      ? { username: server.username, password: server.credential }
      : minted;
  const result = await checkTurnAllocation(address, credentials);
  return result.ok
    ? { id: "turn", outcome: "passed", status: null, reason: result.relayed }
    : { id: "turn", outcome: "failed", status: result.status, reason: result.reason };
}

function finish(checks: SafetyCheck[], turn: SafetyCheck): LineSafety {
  const all = [...checks, turn];
  const calls = all.filter((c) => ["unsigned", "tampered", "expired", "replayed"].includes(c.id));
  return {
    safe: calls.every((c) => c.outcome === "refused"),
    unsafe: calls.some((c) => c.outcome === "accepted"),
    checks: all,
  };
}
