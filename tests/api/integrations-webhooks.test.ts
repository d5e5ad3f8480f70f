// Webhooks: a manager registers an endpoint (reps cannot; another team's is 404);
// calls completed, outcomes set, do-not-call numbers added and callbacks falling due are queued
// in the database and delivered signed in the Standard Webhooks style (verified here with the
// independent `standardwebhooks` package) to a local HTTP receiver; failures are retried with
// back-off for about a day, then the endpoint is paused and audited; a delivery can be replayed;
// a private address is refused unless the test setting allows it. PGlite and PostgreSQL.
import fs from "node:fs";
import http from "node:http";
import nodePath from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";

// The receiver listens on 127.0.0.1: only the documented test setting lets deliveries reach it.
vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
});

const { getDb } = await import("@/lib/db/client");
const { outboxDir } = await import("@/lib/email/mailer");
const { drainWebhooks, MAX_ATTEMPTS, RETRY_DELAYS_MS } =
  await import("@/modules/integrations/lib/webhooks/drain");
const { webhookCreatedResponseSchema, webhookDeliveriesResponseSchema } =
  await import("@/modules/integrations/lib/webhooks/schemas");
const { newId, organization, putCall, putDisposition, repOf } = await import("./calls-helpers");
const { request } = await import("./helpers");
const hooks = await import("@/app/api/integrations/webhooks/route");
const hook = await import("@/app/api/integrations/webhooks/[id]/route");
const deliveries = await import("@/app/api/integrations/webhooks/[id]/deliveries/route");
const replay =
  await import("@/app/api/integrations/webhooks/[id]/deliveries/[deliveryId]/replay/route");
const dnc = await import("@/app/api/do-not-call/route");
const members = await import("@/app/api/team/members/[userId]/route");
const items = await import("@/app/api/records/[placeId]/items/route");

type Rep = Awaited<ReturnType<typeof repOf>>;
type Received = { path: string; headers: Record<string, string>; body: string };

const received: Received[] = [];
const statusFor = new Map<string, number>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const status = statusFor.get(path) ?? 200;
      res.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/elsewhere" } : {});
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const none = { params: Promise.resolve({}) };
const p = <T extends Record<string, string>>(v: T) => ({ params: Promise.resolve(v) });
const recent = (s: number) => new Date(Date.now() - s * 1000).toISOString();
let pathCounter = 0;

async function register(who: Rep, events: string[], locale?: string) {
  const path = `/hook-${++pathCounter}-${Date.now()}`;
  const res = await hooks.POST(
    request("POST", "/api/integrations/webhooks", {
      token: who.token,
      body: { url: `${base}${path}`, events },
      headers: locale ? { cookie: `NEXT_LOCALE=${locale}` } : {},
    }),
    none,
  );
  expect(res.status).toBe(201);
  const created = webhookCreatedResponseSchema.parse(await res.json());
  return { ...created, path };
}
const at = (path: string) => received.filter((r) => r.path === path);
const log = async (who: Rep, id: string) =>
  webhookDeliveriesResponseSchema.parse(
    await (
      await deliveries.GET(
        request("GET", `/api/integrations/webhooks/${id}/deliveries`, { token: who.token }),
        p({ id }),
      )
    ).json(),
  ).deliveries;

const completedCall = (digits: string) => ({
  dialedDigits: digits,
  startedAt: recent(120),
  connectedAt: recent(100),
  endedAt: recent(30),
  endReason: "local",
});

let manager: Rep;
let rep: Rep;
let otherManager: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([
    organization("+15125550100"),
    organization("+15125550100"),
  ]);
  [manager, rep, otherManager] = await Promise.all([
    repOf(org.id, "manager"),
    repOf(org.id),
    repOf(other.id, "manager"),
  ]);
});

describe("registering endpoints", () => {
  it("a rep cannot register, list or read deliveries: 403", async () => {
    const res = await hooks.POST(
      request("POST", "/api/integrations/webhooks", {
        token: rep.token,
        body: { url: `${base}/x`, events: ["call.completed"] },
      }),
      none,
    );
    expect(res.status).toBe(403);
    expect(
      (await hooks.GET(request("GET", "/api/integrations/webhooks", { token: rep.token }), none))
        .status,
    ).toBe(403);
  });

  it("shows the whsec_ secret once; another team's manager gets 404; unknown events 400", async () => {
    const created = await register(manager, ["call.completed"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const db = await getDb();
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.endpoint.id } });
    expect(row.secretSealed).not.toContain(created.secret.slice(6));
    const list = await hooks.GET(
      request("GET", "/api/integrations/webhooks", { token: manager.token }),
      none,
    );
    expect(JSON.stringify(await list.json())).not.toContain(created.secret);
    const id = created.endpoint.id;
    const foreign = await deliveries.GET(
      request("GET", `/api/integrations/webhooks/${id}/deliveries`, { token: otherManager.token }),
      p({ id }),
    );
    expect(foreign.status).toBe(404);
    const bad = await hooks.POST(
      request("POST", "/api/integrations/webhooks", {
        token: manager.token,
        body: { url: `${base}/x`, events: ["call.deleted"] },
      }),
      none,
    );
    expect(bad.status).toBe(400);
  });
});

describe("delivering events", () => {
  it("signs call.completed, call.outcome_set and do_not_call.added so Standard Webhooks verifies them", async () => {
    const { endpoint, secret, path } = await register(manager, [
      "call.completed",
      "call.outcome_set",
      "do_not_call.added",
    ]);
    const callId = newId();
    expect((await putCall(rep, callId, completedCall("+15125550133"))).status).toBe(201);
    expect((await putDisposition(rep, callId, { disposition: "interested" })).status).toBe(200);
    const number = "+15125550144";
    const add = await dnc.POST(
      request("POST", "/api/do-not-call", { token: rep.token, body: { number } }),
      none,
    );
    expect(add.status).toBe(201);
    // Another team's call never reaches this endpoint.
    expect((await putCall(otherManager, newId(), completedCall("+15125550155"))).status).toBe(201);

    await drainWebhooks();
    const got = at(path);
    expect(got.map((r) => JSON.parse(r.body).type).sort()).toEqual([
      "call.completed",
      "call.outcome_set",
      "do_not_call.added",
    ]);
    const verifier = new Webhook(secret);
    for (const r of got) {
      const payload = verifier.verify(r.body, r.headers) as {
        type: string;
        data: { call?: { id: string; disposition: string | null }; entry?: { number: string } };
      };
      expect(r.headers["webhook-id"]).toMatch(/^msg_/);
      if (payload.type === "do_not_call.added") expect(payload.data.entry?.number).toBe(number);
      else expect(payload.data.call?.id).toBe(callId);
    }
    // A tampered body or a wrong secret does not verify.
    expect(() => verifier.verify(got[0]!.body.replace("call", "cal1"), got[0]!.headers)).toThrow();
    expect(() =>
      new Webhook("whsec_" + Buffer.from("another secret!!").toString("base64")).verify(
        got[0]!.body,
        got[0]!.headers,
      ),
    ).toThrow();
    const logged = await log(manager, endpoint.id);
    expect(logged.every((d) => d.status === "delivered" && d.lastStatusCode === 200)).toBe(true);
  });

  it("replays a delivery as a new message with the same body", async () => {
    const { endpoint, secret, path } = await register(manager, ["call.completed"]);
    expect((await putCall(rep, newId(), completedCall("+15125550166"))).status).toBe(201);
    await drainWebhooks();
    const [first] = at(path);
    expect(first).toBeDefined();
    const [delivered] = await log(manager, endpoint.id);
    const res = await replay.POST(
      request(
        "POST",
        `/api/integrations/webhooks/${endpoint.id}/deliveries/${delivered!.id}/replay`,
        { token: manager.token },
      ),
      p({ id: endpoint.id, deliveryId: delivered!.id }),
    );
    expect(res.status).toBe(201);
    await drainWebhooks();
    const both = at(path);
    expect(both).toHaveLength(2);
    expect(both[1]!.body).toBe(first!.body);
    expect(both[1]!.headers["webhook-id"]).not.toBe(first!.headers["webhook-id"]);
    new Webhook(secret).verify(both[1]!.body, both[1]!.headers);
  });

  it("queues callback.due when an appointment falls due", async () => {
    const { secret, path } = await register(manager, ["callback.due"]);
    const due = Date.now() + 60_000;
    const push = await items.PUT(
      request("PUT", "/api/records/place-cb/items", {
        token: rep.token,
        body: {
          account: { name: "Callback Clinic" },
          changes: [
            {
              kind: "appointment",
              itemId: "appt-1",
              op: "put",
              data: { id: "appt-1", ts: due, durationMin: 30, note: "call back" },
            },
          ],
        },
      }),
      p({ placeId: "place-cb" }),
    );
    expect(push.status).toBe(200);
    await drainWebhooks();
    expect(at(path)).toHaveLength(0);
    await drainWebhooks({ now: new Date(due + 1000) });
    await drainWebhooks({ now: new Date(due + 2000) });
    const got = at(path);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secret).verify(got[0]!.body, got[0]!.headers) as {
      data: { callback: { itemId: string; business: { name: string } } };
    };
    expect(payload.data.callback).toMatchObject({
      itemId: "appt-1",
      business: { name: "Callback Clinic" },
    });
  });
});

describe("an endpoint follows its creator's standing", () => {
  it("receives nothing while its creator is deactivated, and the queue waits", async () => {
    const org = await organization("+15125550100");
    const [boss, other, member] = await Promise.all([
      repOf(org.id, "manager"),
      repOf(org.id, "manager"),
      repOf(org.id),
    ]);
    const { endpoint, path } = await register(boss, ["call.completed"]);
    const deactivate = await members.PATCH(
      request("PATCH", `/api/team/members/${boss.userId}`, {
        token: other.token,
        body: { status: "deactivated" },
      }),
      p({ userId: boss.userId }),
    );
    expect(deactivate.status).toBe(200);
    expect((await putCall(member, newId(), completedCall("+15125550177"))).status).toBe(201);
    await drainWebhooks();
    expect(at(path)).toEqual([]);
    const db = await getDb();
    const queued = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(queued.map((d) => [d.status, d.attempts])).toEqual([["pending", 0]]);
    // Reactivated, the creator's endpoint receives what waited.
    await db.user.update({ where: { id: boss.userId }, data: { disabled: false } });
    await drainWebhooks();
    expect(at(path).map((r) => JSON.parse(r.body).type)).toEqual(["call.completed"]);
  });
});

describe("failures", () => {
  it("retries with growing back-off for about a day, then pauses the endpoint and audits it", async () => {
    // Registered by a manager who reads German: the pause mail is written in German.
    const { endpoint, path } = await register(manager, ["call.completed"], "de");
    statusFor.set(path, 500);
    const email = `manager.${Date.now()}@example.com`;
    const db0 = await getDb();
    await db0.user.update({ where: { id: manager.userId }, data: { email, emailVerified: true } });
    expect((await putCall(rep, newId(), completedCall("+15125550177"))).status).toBe(201);
    let now = Date.now();
    await drainWebhooks({ now: new Date(now) });
    expect(at(path)).toHaveLength(1);
    // Not before its back-off.
    await drainWebhooks({ now: new Date(now + RETRY_DELAYS_MS[0]! - 1000) });
    expect(at(path)).toHaveLength(1);
    for (const delay of RETRY_DELAYS_MS) {
      now += delay + 1000;
      await drainWebhooks({ now: new Date(now) });
    }
    expect(at(path)).toHaveLength(MAX_ATTEMPTS);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3_600_000);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
    const [failed] = await log(manager, endpoint.id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastStatusCode: 500 });
    const db = await getDb();
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.status).toBe("paused");
    expect(row.pausedReason).toMatch(/failed for a day/);
    expect(
      await db.auditEvent.count({ where: { action: "webhook.paused", target: endpoint.id } }),
    ).toBe(1);
    // The team's managers are told by mail (the outbox: SMTP_URL is unset here).
    const mails = fs
      .readdirSync(outboxDir)
      .map((f) => fs.readFileSync(nodePath.join(outboxDir, f), "utf8"))
      .filter((m) => m.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Webhook-Endpunkt pausiert");
    expect(mails[0]).not.toContain("Webhook endpoint paused");

    // Paused: new events are not queued for it; resumed, it receives again.
    expect((await putCall(rep, newId(), completedCall("+15125550188"))).status).toBe(201);
    await drainWebhooks({ now: new Date(now + 86_400_000) });
    expect(at(path)).toHaveLength(MAX_ATTEMPTS);
    statusFor.delete(path);
    const resumed = await hook.PATCH(
      request("PATCH", `/api/integrations/webhooks/${endpoint.id}`, {
        token: manager.token,
        body: { status: "active" },
      }),
      p({ id: endpoint.id }),
    );
    expect(resumed.status).toBe(200);
    expect((await putCall(rep, newId(), completedCall("+15125550199"))).status).toBe(201);
    await drainWebhooks();
    expect(at(path)).toHaveLength(MAX_ATTEMPTS + 1);
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    const { endpoint, path } = await register(manager, ["call.completed"]);
    statusFor.set(path, 302);
    expect((await putCall(rep, newId(), completedCall("+15125550211"))).status).toBe(201);
    await drainWebhooks();
    expect(at(path)).toHaveLength(1);
    expect(received.some((r) => r.path === "/elsewhere")).toBe(false);
    const [d] = await log(manager, endpoint.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 302 });
    expect(d!.lastError).toMatch(/Redirects/);
  });

  it("refuses a private address without the test setting: nothing reaches the receiver", async () => {
    const { endpoint, path } = await register(manager, ["call.completed"]);
    expect((await putCall(rep, newId(), completedCall("+15125550222"))).status).toBe(201);
    await drainWebhooks({ allowPrivate: false });
    expect(at(path)).toHaveLength(0);
    const [d] = await log(manager, endpoint.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(d!.lastError).toMatch(/private or reserved|https/);
  });
});
