// The console's "Test line", from the server: against a registrar on a real WebSocket
// (the `ws` package, subprotocol sip) that challenges with 401 digest (MD5, qop=auth) and accepts
// only credentials minted from the team's secret; a refused secret, a refused connection and a
// runtime without a WebSocket client each give a clear result; the secret is never in it.
import crypto from "node:crypto";
import net from "node:net";
import { createRequire } from "node:module";
import type { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount, loginAs, loginOperator, request } from "./helpers";

const one = await import("@/app/api/admin/telephony/[organizationId]/route");
const testRoute = await import("@/app/api/admin/telephony/[organizationId]/test/route");
const { getDb } = await import("@/lib/db/client");
const { checkEphemeralCredentials } = await import("@/modules/telephony/lib/ephemeral");
const { parseSipMessage, header } = await import("@/modules/telephony/lib/sip-message");

// `ws` (a devDependency) plays the edge. Node 20 has no WebSocket client of its own, so the test
// also hands the app ws's client as the global Node 22 would have.
type Socket = { on(e: "message", l: (data: unknown) => void): void; send(text: string): void };
type WsModule = (new (url: string, protocols?: string | string[]) => unknown) & {
  Server: new (options: {
    port: number;
    host: string;
    handleProtocols: (protocols: Iterable<string>) => string | false;
  }) => {
    on(e: "connection", l: (socket: Socket) => void): void;
    on(e: "listening", l: () => void): void;
    address(): { port: number };
    close(cb?: () => void): void;
  };
};
const ws = createRequire(import.meta.url)("ws") as WsModule;

type Route = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");

/**
 * A registrar that knows one team's secret: 401 first, then 200 for valid credentials, else 403.
 * INVITEs get 403 as an edge refuses an unauthorised call, or, with `passesCalls`, the far
 * end's 486 as a trunk would answer behind an edge that checks nothing.
 */
function registrar(secret: string, options: { passesCalls?: boolean } = {}) {
  const seen: string[] = [];
  const server = new ws.Server({
    port: 0,
    host: "127.0.0.1",
    handleProtocols: (protocols) => ([...protocols].includes("sip") ? "sip" : false),
  });
  server.on("connection", (socket) => {
    socket.on("message", (data) => {
      const text = String(data);
      seen.push(text);
      const req = parseSipMessage(text);
      if (!req || !req.method) return;
      const echo = ["via", "from", "to", "call-id", "cseq"].map((h) => `${h}: ${header(req, h)}`);
      const reply = (status: string, extra: string[] = []) =>
        socket.send(
          [`SIP/2.0 ${status}`, ...echo, ...extra, "Content-Length: 0", "", ""].join("\r\n"),
        );
      if (req.method === "INVITE")
        return reply(options.passesCalls ? "486 Busy Here" : "403 Forbidden");
      if (req.method === "OPTIONS") return reply("200 OK");
      if (req.method !== "REGISTER") return;
      const auth = header(req, "authorization");
      if (!auth) {
        return reply("401 Unauthorized", [
          'WWW-Authenticate: Digest realm="test.example", nonce="n0nce", qop="auth", algorithm=MD5',
        ]);
      }
      const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? "";
      const username = field("username");
      const password = crypto.createHmac("sha1", secret).update(username).digest("base64");
      const ha1 = md5(`${username}:test.example:${password}`);
      const ha2 = md5(`REGISTER:${field("uri")}`);
      const nc = /nc=([0-9a-f]{8})/.exec(auth)?.[1];
      const expected = md5(`${ha1}:n0nce:${nc}:${field("cnonce")}:auth:${ha2}`);
      const valid =
        field("response") === expected && checkEphemeralCredentials(secret, username, password).ok;
      reply(valid ? "200 OK" : "403 Forbidden");
    });
  });
  return new Promise<{ url: string; seen: string[]; close: () => Promise<void> }>((resolve) =>
    server.on("listening", () =>
      resolve({
        url: `ws://127.0.0.1:${server.address().port}/`,
        seen,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

let op: { token: string; username: string };
beforeAll(async () => {
  const account = await createAccount({ admin: true });
  op = { token: await loginOperator(account), username: account.username };
});
afterEach(() => vi.unstubAllGlobals());

async function orgWithLine(wsUrl: string, secret: string) {
  const db = await getDb();
  const org = await db.organization.create({ data: { name: `org-${crypto.randomUUID()}` } });
  const res = await (one.PUT as Route)(
    request("PUT", `/api/admin/telephony/${org.id}`, {
      token: op.token,
      body: { wsUrl, sipDomain: "test.example", secret },
    }),
    { params: Promise.resolve({ organizationId: org.id }) },
  );
  expect(res.status).toBe(201);
  return org;
}
const runTest = (organizationId: string, token = op.token) =>
  (testRoute.POST as Route)(
    request("POST", `/api/admin/telephony/${organizationId}/test`, { token }),
    { params: Promise.resolve({ organizationId }) },
  );

describe("line test", () => {
  let edge: Awaited<ReturnType<typeof registrar>>;
  const secret = `secret-${crypto.randomBytes(16).toString("hex")}`;
  beforeAll(async () => {
    edge = await registrar(secret);
  });
  afterAll(() => edge.close());

  it("opens the WebSocket with sip, answers the 401 digest challenge and is registered", async () => {
    vi.stubGlobal("WebSocket", ws);
    const org = await orgWithLine(edge.url, secret);
    const res = await runTest(org.id);
    expect(res.status).toBe(200);
    const text = await res.text();
    const result = JSON.parse(text);
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
    expect(result.registerMs).toBeGreaterThanOrEqual(result.connectMs);
    expect(result.totalMs).toBeLessThan(8000);
    expect(text).not.toContain(secret);
    const sent = edge.seen.filter((m) => m.startsWith("REGISTER ")).slice(-2);
    expect(sent[0]).toMatch(/^REGISTER sip:test\.example SIP\/2\.0\r\nVia: SIP\/2\.0\/WS /);
    expect(sent[1]).toMatch(/\r\nAuthorization: Digest username="\d+:dialflow-line-test"/);
    const username = /username="([^"]+)"/.exec(sent[1]!)![1]!;
    expect(text).not.toContain(crypto.createHmac("sha1", secret).update(username).digest("base64"));

    const db = await getDb();
    const audit = await db.auditEvent.findFirst({
      where: { target: org.id, action: "telephony.line.test" },
    });
    expect(audit).toMatchObject({ outcome: "success", actor: op.username });
    expect(audit!.detail).toMatchObject({ code: "registered", status: 200 });
    expect(JSON.stringify(audit!.detail)).not.toContain(secret);
  });

  it("sends the edge the calls it must refuse, and says which it refused", async () => {
    vi.stubGlobal("WebSocket", ws);
    const org = await orgWithLine(edge.url, secret);
    const result = await (await runTest(org.id)).json();
    expect(result.safety).toMatchObject({ safe: true, unsafe: false });
    const outcomes = Object.fromEntries(
      result.safety.checks.map((c: { id: string; outcome: string }) => [c.id, c.outcome]),
    );
    expect(outcomes).toEqual({
      unsigned: "refused",
      tampered: "refused",
      expired: "refused",
      replayed: "refused",
      // 200 without an SDP answer: no relay named, nothing to judge by.
      media_relay: "not_checked",
      turn: "not_checked",
    });
    const invites = edge.seen.filter((m) => m.startsWith("INVITE ")).slice(-5);
    expect(invites).toHaveLength(5);
    expect(invites[0]).not.toMatch(/X-DialFlow-Authorization/i);
    expect(invites.slice(1).every((m) => /\r\nX-DialFlow-Authorization: ey/.test(m))).toBe(true);
    // Only NANP's fictional numbers are ever called.
    expect(invites.every((m) => /^INVITE sip:\+1202555019\d@/.test(m))).toBe(true);
  });

  it("shows an edge that lets unauthorised calls through as unsafe", async () => {
    vi.stubGlobal("WebSocket", ws);
    const open = await registrar(secret, { passesCalls: true });
    try {
      const org = await orgWithLine(open.url, secret);
      const result = await (await runTest(org.id)).json();
      expect(result).toMatchObject({ ok: true, code: "registered" });
      expect(result.safety).toMatchObject({ safe: false, unsafe: true });
      expect(result.safety.checks[0]).toMatchObject({
        id: "unsigned",
        outcome: "accepted",
        status: 486,
      });
      const db = await getDb();
      const audit = await db.auditEvent.findFirst({
        where: { target: org.id, action: "telephony.line.test" },
      });
      expect(audit!.detail).toMatchObject({ safe: false });
    } finally {
      await open.close();
    }
  });

  it("reports an edge that refuses this team's credentials", async () => {
    vi.stubGlobal("WebSocket", ws);
    const org = await orgWithLine(edge.url, "another team's secret value");
    const result = await (await runTest(org.id)).json();
    expect(result).toMatchObject({ ok: false, code: "rejected", connected: true, status: 403 });
  });

  it("reports a refused connection quickly and clearly", async () => {
    vi.stubGlobal("WebSocket", ws);
    const org = await orgWithLine(`ws://127.0.0.1:${await freePort()}/`, secret);
    const result = await (await runTest(org.id)).json();
    expect(result).toMatchObject({
      ok: false,
      code: "connect_failed",
      connected: false,
      registered: false,
      status: null,
    });
    expect(result.totalMs).toBeLessThan(5000);
  });

  it("uses the ws package where the runtime has no WebSocket client (Node 20)", async () => {
    vi.stubGlobal("WebSocket", undefined);
    const org = await orgWithLine(edge.url, secret);
    expect(await (await runTest(org.id)).json()).toMatchObject({ ok: true, code: "registered" });
  });

  it("is for operators only, and for organizations with a line", async () => {
    const db = await getDb();
    const org = await db.organization.create({ data: { name: `org-${crypto.randomUUID()}` } });
    const rep = await loginAs(await createAccount());
    expect((await runTest(org.id, rep)).status).toBe(401);
    const res = await runTest(org.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "telephony_not_configured" });
  });
});
