// The console's line test, client side: digest answers (RFC 2617's own example), SIP parsing, and
// the REGISTER flow against an in-memory registrar that challenges, checks the time-limited
// credentials as Kamailio's auth_ephemeral does, and answers 200 (or refuses).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkEphemeralCredentials } from "@/modules/telephony/lib/ephemeral";
import { LINE_TEST_USER, runLineTest, type WebSocketLike } from "@/modules/telephony/lib/line-test";
import {
  canAnswer,
  digestAuthorization,
  parseDigestChallenge,
} from "@/modules/telephony/lib/sip-digest";
import { buildRegister, header, parseSipMessage } from "@/modules/telephony/lib/sip-message";

const secret = "line secret of the test team";

describe("SIP digest", () => {
  it("answers RFC 2617's example challenge with its published response", () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", ' +
        'nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    expect(challenge).toMatchObject({ realm: "testrealm@host.com", qop: ["auth", "auth-int"] });
    const answer = digestAuthorization(challenge, {
      username: "Mufasa",
      password: "Circle Of Life",
      method: "GET",
      uri: "/dir/index.html",
      cnonce: "0a4f113b",
      nc: 1,
    });
    expect(answer).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(answer).toContain("qop=auth, nc=00000001");
    expect(answer).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it("reads challenges it can and cannot answer", () => {
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
    expect(parseDigestChallenge('Digest realm="x"')).toBeNull();
    const sha = parseDigestChallenge(
      'Digest realm="a, b", nonce="n", algorithm=SHA-256, qop="auth"',
    )!;
    expect(sha).toMatchObject({ realm: "a, b", algorithm: "SHA-256" });
    expect(canAnswer(sha)).toBe(true);
    expect(canAnswer(parseDigestChallenge('Digest realm="r", nonce="n", qop="auth-int"')!)).toBe(
      false,
    );
    expect(
      canAnswer(parseDigestChallenge('Digest realm="r", nonce="n", algorithm=AKAv1-MD5')!),
    ).toBe(false);
  });
});

describe("SIP messages", () => {
  it("writes a REGISTER over WebSocket and reads responses with compact headers", () => {
    const text = buildRegister({
      transport: "wss",
      domain: "example.com",
      user: "u1",
      callId: "c1",
      cseq: 2,
      fromTag: "t1",
      branch: "b1",
      viaHost: "h.invalid",
      expires: 60,
      authorization: ["Authorization", 'Digest username="x"'],
    });
    expect(
      text.startsWith(
        "REGISTER sip:example.com SIP/2.0\r\nVia: SIP/2.0/WSS h.invalid;branch=z9hG4bKb1\r\n",
      ),
    ).toBe(true);
    expect(text).toContain("\r\nCSeq: 2 REGISTER\r\n");
    expect(text).toContain('\r\nAuthorization: Digest username="x"\r\n');
    expect(text.endsWith("Content-Length: 0\r\n\r\n")).toBe(true);
    const request = parseSipMessage(text)!;
    expect(request).toMatchObject({ method: "REGISTER", status: null });
    const response = parseSipMessage(
      'SIP/2.0 401 Unauthorized\r\ni: abc\r\nWWW-Authenticate: Digest realm="r",\r\n nonce="n"\r\n\r\n',
    )!;
    expect(response).toMatchObject({ status: 401, reason: "Unauthorized" });
    expect(header(response, "Call-ID")).toBe("abc");
    expect(header(response, "www-authenticate")).toBe('Digest realm="r", nonce="n"');
    expect(parseSipMessage("\r\n\r\n")).toBeNull();
  });
});

type Behaviour = {
  protocol?: string;
  challenge?: boolean;
  refuse?: boolean;
  silent?: boolean;
  fail?: boolean;
};

/** A WebSocket whose far end is a registrar in this process (no network). */
function fakeRegistrar(behaviour: Behaviour, seen: string[]) {
  return class FakeSocket implements WebSocketLike {
    protocol = "";
    binaryType = "blob";
    private listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
    constructor(
      readonly url: string,
      protocols?: string | string[],
    ) {
      setTimeout(() => {
        if (behaviour.fail) {
          this.emit("error", {});
          this.emit("close", {});
          return;
        }
        this.protocol = behaviour.protocol ?? ([protocols].flat().includes("sip") ? "sip" : "");
        this.emit("open", {});
      }, 1);
    }
    addEventListener(type: string, listener: (e: { data?: unknown }) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    private emit(type: string, event: { data?: unknown }) {
      for (const l of this.listeners.get(type) ?? []) l(event);
    }
    close() {}
    send(text: string) {
      seen.push(text);
      if (behaviour.silent) return;
      const req = parseSipMessage(text)!;
      const echo = ["via", "from", "to", "call-id", "cseq"]
        .map((h) => `${h}: ${header(req, h)}`)
        .join("\r\n");
      const reply = (status: string, extra = "") =>
        setTimeout(() => {
          this.emit("message", { data: `SIP/2.0 100 Trying\r\n${echo}\r\n\r\n` });
          const bytes = new TextEncoder().encode(
            `SIP/2.0 ${status}\r\n${echo}\r\n${extra}Content-Length: 0\r\n\r\n`,
          );
          this.emit("message", { data: bytes.buffer });
        }, 1);
      const auth = header(req, "authorization");
      if (behaviour.challenge !== false && !auth) {
        return reply(
          "401 Unauthorized",
          'WWW-Authenticate: Digest realm="example.com", nonce="abc123", qop="auth", algorithm=MD5\r\n',
        );
      }
      if (behaviour.refuse) return reply("403 Forbidden");
      if (auth) {
        const user = /username="([^"]+)"/.exec(auth)![1]!;
        const password = crypto.createHmac("sha1", secret).update(user).digest("base64");
        const cnonce = /cnonce="([^"]+)"/.exec(auth)![1]!;
        const ha1 = md5(`${user}:example.com:${password}`);
        const expected = md5(
          `${ha1}:abc123:00000001:${cnonce}:auth:${md5("REGISTER:sip:example.com")}`,
        );
        const ok =
          auth.includes(`response="${expected}"`) &&
          checkEphemeralCredentials(secret, user, password, { user: LINE_TEST_USER }).ok;
        if (!ok)
          return reply(
            "401 Unauthorized",
            'WWW-Authenticate: Digest realm="example.com", nonce="abc124", qop="auth"\r\n',
          );
      }
      reply("200 OK");
    }
  };
}
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");
const line = { wsUrl: "wss://edge.example.com/ws", sipDomain: "example.com" };

describe("line test", () => {
  it("registers through a digest challenge with freshly minted credentials", async () => {
    const seen: string[] = [];
    const result = await runLineTest(line, secret, { WebSocket: fakeRegistrar({}, seen) });
    expect(result).toMatchObject({
      ok: true,
      code: "registered",
      connected: true,
      registered: true,
      status: 200,
      reason: "OK",
      subprotocol: "sip",
    });
    expect(result.connectMs).toBeGreaterThanOrEqual(0);
    expect(result.registerMs).toBeGreaterThanOrEqual(result.connectMs!);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatch(/^Authorization: Digest username="\d+:dialflow-line-test"/m);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it("reports a refused registration, a wrong secret, a missing subprotocol, silence and no socket", async () => {
    const run = (b: Behaviour, s = secret) =>
      runLineTest(line, s, { WebSocket: fakeRegistrar(b, []), timeoutMs: 200 });
    expect(await run({ refuse: true })).toMatchObject({ ok: false, code: "rejected", status: 403 });
    expect(await run({}, "not the team's secret")).toMatchObject({
      ok: false,
      code: "rejected",
      status: 401,
      connected: true,
    });
    expect(await run({ protocol: "" })).toMatchObject({ code: "subprotocol", connected: true });
    expect(await run({ silent: true })).toMatchObject({
      code: "timeout",
      connected: true,
      status: null,
    });
    expect(await run({ fail: true })).toMatchObject({ code: "connect_failed", connected: false });
    expect(await runLineTest(line, secret, { WebSocket: null })).toMatchObject({
      ok: false,
      code: "unavailable",
    });
  });
});
