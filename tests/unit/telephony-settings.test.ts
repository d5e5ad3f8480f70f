// A line's settings: wss:// (ws:// only on this machine), a SIP host, STUN/TURN servers the team
// chose (none by default), the DTMF and credential modes, a write-only secret of sane length.
import { describe, expect, it } from "vitest";
import { checkSecret, checkWsUrl } from "@/modules/telephony/lib/line-rules";
import { lineSettingsBodySchema } from "@/modules/telephony/lib/schemas";

const valid = { wsUrl: "wss://sip.example.com:8443/ws", sipDomain: "example.com" };
const fieldsOf = (body: unknown) => {
  const parsed = lineSettingsBodySchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues.map((i) => i.path.join("."));
};

describe("line settings", () => {
  it("default to no ICE servers, RFC 4733 digits and ephemeral credentials", () => {
    expect(lineSettingsBodySchema.parse(valid)).toEqual({
      ...valid,
      iceServers: [],
      dtmfMode: "rfc4733",
      credentialMode: "ephemeral",
      secret: undefined,
    });
  });

  it("take wss:// anywhere and ws:// only for localhost and 127.0.0.1", () => {
    for (const url of [
      "wss://edge.example.com",
      "wss://10.0.0.5:7443/",
      "ws://localhost:8080/sip",
      "ws://127.0.0.1:5066",
      "WS://LOCALHOST:8080",
    ]) {
      expect(checkWsUrl(url), url).toBeNull();
    }
    for (const [url, error] of [
      ["ws://edge.example.com/ws", "wsUrlScheme"],
      ["ws://10.0.0.5:5066", "wsUrlScheme"],
      ["ws://127.0.0.2:5066", "wsUrlScheme"],
      // A page's CSP cannot name an IPv6 address: such a line would be unreachable.
      ["ws://[::1]:5066/", "wsUrlScheme"],
      ["ws://localhost.example.com", "wsUrlScheme"],
      ["https://edge.example.com", "wsUrlScheme"],
      ["sip:edge.example.com", "wsUrlScheme"],
      ["wss://user:pw@edge.example.com", "wsUrlUserInfo"],
      ["wss://edge.example.com/#x", "wsUrlInvalid"],
      ["edge.example.com", "wsUrlInvalid"],
      ["wss://edge example.com", "wsUrlInvalid"],
      ["", "wsUrlInvalid"],
    ] as const) {
      expect(checkWsUrl(url), url).toBe(error);
    }
  });

  it("refuse a bad SIP domain, ICE server, mode or unknown field, naming the field", () => {
    expect(fieldsOf({ ...valid, sipDomain: "not a domain" })).toEqual(["sipDomain"]);
    expect(fieldsOf({ ...valid, sipDomain: "sip:example.com" })).toEqual(["sipDomain"]);
    expect(lineSettingsBodySchema.parse({ ...valid, sipDomain: " Example.COM " }).sipDomain).toBe(
      "example.com",
    );
    expect(fieldsOf({ ...valid, iceServers: [{ urls: "http://stun.example.com" }] })).toEqual([
      "iceServers.0.urls",
    ]);
    expect(
      fieldsOf({ ...valid, iceServers: [{ urls: "stun:stun.example.com", username: "u" }] }),
    ).toEqual(["iceServers.0.username"]);
    // Without credentials: each rep's minted ones take their place (time-limited credentials).
    expect(fieldsOf({ ...valid, iceServers: [{ urls: "turn:turn.example.com" }] })).toBeNull();
    expect(
      fieldsOf({ ...valid, iceServers: [{ urls: "turn:turn.example.com", username: "u" }] }),
    ).toEqual(["iceServers.0.credential"]);
    expect(fieldsOf({ ...valid, iceServers: Array(9).fill({ urls: "stun:a.example" }) })).toEqual([
      "iceServers",
    ]);
    expect(fieldsOf({ ...valid, dtmfMode: "inband" })).toEqual(["dtmfMode"]);
    expect(fieldsOf({ ...valid, credentialMode: "static" })).toEqual(["credentialMode"]);
    expect(fieldsOf({ ...valid, secretCiphertext: "x" })).toEqual([""]);
    expect(fieldsOf({ ...valid, wsUrl: "ws://pbx.example.com" })).toEqual(["wsUrl"]);
  });

  it("keep STUN and TURN servers with their credentials, and drop empty ones", () => {
    const body = lineSettingsBodySchema.parse({
      ...valid,
      iceServers: [
        { urls: "stun:stun.example.com:3478", username: "", credential: null },
        { urls: "turns:turn.example.com:5349?transport=tcp", username: "team", credential: "pw" },
        { urls: "turn:[2001:db8::1]:3478?transport=udp", username: "team", credential: "pw" },
      ],
      dtmfMode: "info",
    });
    expect(body.iceServers).toEqual([
      { urls: "stun:stun.example.com:3478", username: undefined, credential: undefined },
      { urls: "turns:turn.example.com:5349?transport=tcp", username: "team", credential: "pw" },
      { urls: "turn:[2001:db8::1]:3478?transport=udp", username: "team", credential: "pw" },
    ]);
    expect(body.dtmfMode).toBe("info");
    expect(fieldsOf({ ...valid, iceServers: [{ urls: "stun:a.example?transport=udp" }] })).toEqual([
      "iceServers.0.urls",
    ]);
  });

  it("take a secret of 16 to 512 printable characters; empty keeps the stored one", () => {
    expect(checkSecret(undefined, true)).toBe("secretRequired");
    expect(checkSecret("", true)).toBe("secretRequired");
    expect(checkSecret("", false)).toBeNull();
    expect(checkSecret("short", false)).toBe("secretLength");
    expect(checkSecret("x".repeat(513), false)).toBe("secretLength");
    expect(checkSecret("sixteen chars ok\n", false)).toBe("secretLength");
    expect(checkSecret("sixteen chars ok", false)).toBeNull();
    expect(lineSettingsBodySchema.parse({ ...valid, secret: "" }).secret).toBeUndefined();
    expect(fieldsOf({ ...valid, secret: "short" })).toEqual(["secret"]);
  });
});
