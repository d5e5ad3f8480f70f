// The operator console's API: the auth matrix on every route, the service allow-list against
// tricks, log tails, secrets kept out of every answer, one audit event per action.
import "./ops-configure";
import fs from "node:fs";
import type { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { revokeSession } from "@/lib/auth/sessions";
import { registerServerCache } from "@/lib/server-caches";
import { createAccount, loginAs, loginOperator, request } from "./helpers";
import {
  accessLog,
  errorLog,
  outsideFile,
  removeOpsDir,
  secrets,
  stateFile,
  systemctlCalls,
} from "./ops-env";

type Handler = (req: NextRequest) => Promise<Response>;
const routes: {
  method: "GET" | "POST";
  path: string;
  load: () => Promise<Handler>;
  body?: unknown;
}[] = [
  {
    method: "GET",
    path: "/api/admin/ops/status",
    load: async () => (await import("@/app/api/admin/ops/status/route")).GET,
  },
  {
    method: "POST",
    path: "/api/admin/ops/service-action",
    body: { action: "restart", service: "apache" },
    load: async () => (await import("@/app/api/admin/ops/service-action/route")).POST,
  },
  {
    method: "GET",
    path: "/api/admin/ops/logs?target=apache_error&lines=100",
    load: async () => (await import("@/app/api/admin/ops/logs/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/metrics",
    load: async () => (await import("@/app/api/admin/ops/metrics/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/disk",
    load: async () => (await import("@/app/api/admin/ops/disk/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/sysinfo",
    load: async () => (await import("@/app/api/admin/ops/sysinfo/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/db-summary",
    load: async () => (await import("@/app/api/admin/ops/db-summary/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/version",
    load: async () => (await import("@/app/api/admin/ops/version/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/env",
    load: async () => (await import("@/app/api/admin/ops/env/route")).GET,
  },
  {
    method: "GET",
    path: "/api/admin/ops/audit-tail?lines=120",
    load: async () => (await import("@/app/api/admin/ops/audit-tail/route")).GET,
  },
  {
    method: "POST",
    path: "/api/admin/ops/db/checkpoint",
    load: async () => (await import("@/app/api/admin/ops/db/checkpoint/route")).POST,
  },
  {
    method: "POST",
    path: "/api/admin/ops/db/backup",
    load: async () => (await import("@/app/api/admin/ops/db/backup/route")).POST,
  },
  {
    method: "POST",
    path: "/api/admin/ops/cache/clear",
    load: async () => (await import("@/app/api/admin/ops/cache/clear/route")).POST,
  },
  {
    method: "POST",
    path: "/api/admin/ops/build-deploy",
    load: async () => (await import("@/app/api/admin/ops/build-deploy/route")).POST,
  },
  {
    method: "GET",
    path: "/api/admin/ops/build-deploy/status",
    load: async () => (await import("@/app/api/admin/ops/build-deploy/status/route")).GET,
  },
];

/** Every body any route answered in this file, checked for secrets at the end. */
const answered: string[] = [];
async function call(
  method: string,
  path: string,
  load: () => Promise<Handler>,
  opts: { token?: string; body?: unknown; rawBody?: string } = {},
) {
  const handler = await load();
  const headers = opts.rawBody ? { "content-type": "application/json" } : undefined;
  const res = await handler(request(method, path, { ...opts, headers }));
  const text = await res.text();
  answered.push(text);
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
const route = (path: string) => routes.find((r) => r.path.split("?")[0] === path)!;
const get = (path: string, token: string) => {
  const r = routes.find(
    (x) =>
      x.method === "GET" &&
      path.startsWith(x.path.split("?")[0]!) &&
      path.split("?")[0] === x.path.split("?")[0],
  )!;
  return call("GET", path, r.load, { token });
};
const serviceAction = (token: string, body: unknown, rawBody?: string) =>
  call("POST", "/api/admin/ops/service-action", route("/api/admin/ops/service-action").load, {
    token,
    body: rawBody === undefined ? body : undefined,
    rawBody,
  });

async function auditCount(action: string, outcome?: string) {
  const db = await getDb();
  return db.auditEvent.count({ where: { action, ...(outcome ? { outcome } : {}) } });
}

let operator: string;
let operatorName: string;
let rep: string;

beforeAll(async () => {
  const op = await createAccount({ admin: true });
  operatorName = op.username;
  operator = await loginOperator(op);
  rep = await loginAs(await createAccount());
  fs.writeFileSync(errorLog, "");
});

// Each test starts with a fresh rate-limit budget; the limit itself has its own test below.
beforeEach(async () => {
  const db = await getDb();
  await db.rateLimitCounter.deleteMany({ where: { key: { startsWith: "ops-" } } });
});

afterAll(() => {
  // Nothing the console answered may contain a secret value from the environment, nor the
  // contents of a file outside its allow-list.
  const all = answered.join("\n");
  expect(answered.length).toBeGreaterThan(50);
  for (const value of Object.values(secrets)) expect(all).not.toContain(value);
  expect(all).not.toContain(fs.readFileSync(outsideFile, "utf8").trim());
  removeOpsDir();
});

describe("auth matrix", () => {
  it("answers 401 without a token, with a rep's token, a garbage or a revoked operator token", async () => {
    const other = await createAccount({ admin: true });
    const revokedToken = await loginOperator(other);
    const { decodeJwt } = await import("jose");
    await revokeSession(String(decodeJwt(revokedToken).sid ?? decodeJwt(revokedToken).jti));
    for (const r of routes) {
      for (const token of [undefined, rep, "not.a.token", revokedToken]) {
        const res = await call(r.method, r.path, r.load, { token, body: r.body });
        expect(res.status, `${r.method} ${r.path} with ${token ? "a bad" : "no"} token`).toBe(401);
      }
    }
    // Nothing ran for any of them.
    expect(systemctlCalls()).toEqual([]);
  });

  it("lets an operator read every panel", async () => {
    for (const r of routes.filter((x) => x.method === "GET")) {
      const res = await call("GET", r.path, r.load, { token: operator });
      expect(res.status, r.path).toBe(r.path.includes("/logs") ? 200 : 200);
    }
  });
});

describe("service controls", () => {
  it("reports each allow-listed unit's state from systemctl is-active", async () => {
    fs.writeFileSync(stateFile, JSON.stringify({ "apache2.service": "active" }));
    const res = await get("/api/admin/ops/status", operator);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      systemctl: "available",
      services: [
        { service: "apache", unit: "apache2.service", state: "active" },
        { service: "auth", unit: "dialflow-auth.service", state: "inactive" },
        { service: "broken", unit: "failing.service", state: "inactive" },
      ],
    });
    expect(systemctlCalls()).toContainEqual(["is-active", "--", "apache2.service"]);
  });

  it("runs systemctl with the allow-listed unit as one argument, by name or by unit", async () => {
    fs.writeFileSync(stateFile, "{}");
    const before = systemctlCalls().length;
    const restartsBefore = await auditCount("ops.service.restart", "success");
    const byName = await serviceAction(operator, { action: "restart", service: "apache" });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ ok: true });
    const byUnit = await serviceAction(operator, { action: "stop", unit: "dialflow-auth.service" });
    expect(byUnit.body).toMatchObject({ ok: true });
    expect(systemctlCalls().slice(before)).toEqual([
      ["--no-ask-password", "restart", "--", "apache2.service"],
      ["--no-ask-password", "stop", "--", "dialflow-auth.service"],
    ]);
    expect(await auditCount("ops.service.restart", "success")).toBe(restartsBefore + 1);
    const db = await getDb();
    const event = await db.auditEvent.findFirst({
      where: { action: "ops.service.stop" },
      orderBy: { id: "desc" },
    });
    expect(event).toMatchObject({
      actor: operatorName,
      target: "dialflow-auth.service",
      outcome: "success",
    });
    const status = await get("/api/admin/ops/status", operator);
    expect(status.body.services).toContainEqual({
      service: "apache",
      unit: "apache2.service",
      state: "active",
    });
  });

  it("reports a failing unit's error and detail, and audits the failure", async () => {
    const before = await auditCount("ops.service.start", "failure");
    const res = await serviceAction(operator, { action: "start", service: "broken" });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ ok: false, code: "action_failed" });
    expect(String(res.body.detail)).toContain("failing.service failed");
    expect(await auditCount("ops.service.start", "failure")).toBe(before + 1);
  });

  const attacks: [string, unknown, string?][] = [
    ["path traversal in service", { action: "restart", service: "../apache" }],
    ["encoded name", { action: "restart", service: "%61pache" }],
    ["encoded traversal", { action: "restart", service: "..%2Fapache" }],
    ["__proto__ as service", { action: "restart", service: "__proto__" }],
    ["constructor as service", { action: "restart", service: "constructor" }],
    ["toString as service", { action: "restart", service: "toString" }],
    ["__proto__ key", null, '{"action":"restart","__proto__":{"service":"apache"}}'],
    ["array service", { action: "restart", service: ["apache"] }],
    ["array action", { action: ["restart"], service: "apache" }],
    ["array of actions", { action: ["start", "stop"], service: "apache" }],
    ["unknown verb", { action: "reload", service: "apache" }],
    ["verb with space", { action: "restart ", service: "apache" }],
    ["upper-case verb", { action: "RESTART", service: "apache" }],
    ["kill verb", { action: "kill", service: "apache" }],
    ["unit starting with -", { action: "restart", unit: "-H" }],
    ["option as unit", { action: "restart", unit: "--host=evil.example" }],
    ["option-like service", { action: "restart", service: "--force" }],
    ["shell in unit", { action: "restart", unit: "apache2.service; rm -rf /" }],
    ["traversal unit", { action: "restart", unit: "../apache2.service" }],
    ["case-changed unit", { action: "restart", unit: "Apache2.service" }],
    ["unit not allow-listed", { action: "restart", unit: "ssh.service" }],
    ["service and unit", { action: "restart", service: "apache", unit: "apache2.service" }],
    ["neither", { action: "restart" }],
    ["extra key", { action: "restart", service: "apache", args: ["--now"] }],
    ["number service", { action: "restart", service: 1 }],
    ["body is an array", [{ action: "restart", service: "apache" }]],
  ];

  it.each(attacks)(
    "refuses %s with 400 {ok:false, error}, runs nothing, audits the refusal",
    async (_name, body, raw) => {
      const before = systemctlCalls().length;
      const refusals = await auditCount("ops.service.refused", "denied");
      const res = await serviceAction(operator, body, raw);
      expect(res.status).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(typeof res.body.error).toBe("string");
      expect(systemctlCalls().length).toBe(before);
      expect(await auditCount("ops.service.refused", "denied")).toBe(refusals + 1);
    },
  );

  // Refused by the request layer for every route before the route reads the body
  // (lib/api/read-json.ts): the database could not store the text.
  it.each([
    ["NUL after name", { action: "restart", service: "apache\u0000" }],
    ["NUL in unit", { action: "restart", unit: "apache2.service\u0000x" }],
  ])("refuses %s with 400 invalid_text and runs nothing", async (_name, body) => {
    const before = systemctlCalls().length;
    const res = await serviceAction(operator, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_text");
    expect(systemctlCalls().length).toBe(before);
  });
});

describe("logs", () => {
  it("returns exactly the last N lines of a large file", async () => {
    const total = 120_000;
    const out = fs.createWriteStream(accessLog);
    for (let i = 1; i <= total; i++) {
      out.write(`127.0.0.1 - - [23/Nov/2026] "GET /page/${i} HTTP/1.1" 200 ${i} line-${i}\n`);
    }
    await new Promise((resolve) => out.end(resolve));
    expect(fs.statSync(accessLog).size).toBeGreaterThan(7_000_000);
    for (const lines of [100, 200, 500]) {
      const res = await get(`/api/admin/ops/logs?target=apache_access&lines=${lines}`, operator);
      expect(res.status).toBe(200);
      const got = String(res.body.log).split("\n");
      expect(got).toHaveLength(lines);
      expect(got[0]).toMatch(new RegExp(` line-${total - lines + 1}$`));
      expect(got.at(-1)).toMatch(new RegExp(` line-${total}$`));
    }
  });

  it("handles a file without a final newline and one shorter than N", async () => {
    fs.writeFileSync(errorLog, "first\nsecond\nthird");
    const res = await get("/api/admin/ops/logs?target=apache_error&lines=100", operator);
    expect(res.body).toMatchObject({ ok: true, log: "first\nsecond\nthird" });
  });

  it("redacts a secret that appears in a log file", async () => {
    fs.writeFileSync(
      errorLog,
      `[error] AUTH_SECRET=${secrets.AUTH_SECRET}\n[error] db postgres://app:${secrets.smtpPassword}@db/x\n`,
    );
    const res = await get("/api/admin/ops/logs?target=apache_error&lines=100", operator);
    expect(res.body.ok).toBe(true);
    expect(String(res.body.log)).toContain("AUTH_SECRET=[redacted]");
    expect(String(res.body.log)).toContain("postgres://app:[redacted]@db/x");
  });

  it("answers a missing file calmly: an empty log marked missing, not a 404", async () => {
    fs.rmSync(errorLog, { force: true });
    const res = await get("/api/admin/ops/logs?target=apache_error&lines=100", operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, log: "", missing: true });
    expect(res.body.error).toBeUndefined();
  });

  it("reads auth_audit from the database's audit events", async () => {
    const res = await get("/api/admin/ops/logs?target=auth_audit&lines=100", operator);
    expect(res.body.ok).toBe(true);
    expect(String(res.body.log)).toContain(`admin.login actor=${operatorName}`);
    expect(String(res.body.log)).not.toContain("ops.service");
  });

  it.each([
    "target=../../etc/passwd&lines=100",
    `target=${encodeURIComponent(outsideFile)}&lines=100`,
    "target=apache_error%00&lines=100",
    "target=__proto__&lines=100",
    "target=apache_error&lines=99",
    "target=apache_error&lines=501",
    "target=apache_error&lines=200abc",
    "target=apache_error&lines=-100",
    "target=apache_error&lines=1e2",
    "target=apache_error",
    "lines=100",
    "target=apache_error&lines=100&file=/etc/passwd",
  ])("refuses %s with 400", async (query) => {
    const res = await get(`/api/admin/ops/logs?${query}`, operator);
    expect(res.status).toBe(400);
  });

  it("audit tail returns 120 events by default and up to 250 on request", async () => {
    const db = await getDb();
    await db.auditEvent.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({
        actor: "t",
        action: `test.fill`,
        target: `n${i}`,
        outcome: "success",
      })),
    });
    const dflt = await get("/api/admin/ops/audit-tail", operator);
    expect(String(dflt.body.log).split("\n")).toHaveLength(120);
    const more = await get("/api/admin/ops/audit-tail?lines=250", operator);
    expect(String(more.body.log).split("\n")).toHaveLength(250);
    expect((await get("/api/admin/ops/audit-tail?lines=0", operator)).status).toBe(400);
  });
});

describe("panels", () => {
  it("metrics, disk, sysinfo, version and db-summary have the spec's shapes", async () => {
    const m = await get("/api/admin/ops/metrics", operator);
    expect(m.body).toMatchObject({ process: { pid: process.pid }, cpus: expect.any(Number) });
    expect((m.body.load as number[]).length).toBe(3);
    const d = await get("/api/admin/ops/disk", operator);
    expect(d.body.root).toMatch(/free of .* \(\d+% used\)/);
    expect(d.body.data).toMatch(/free of/);
    // ...and the same figures for the console to format in the reader's language.
    const figures = (d.body.figures as { root: Record<string, number> }).root;
    expect(figures.totalBytes).toBeGreaterThan(figures.freeBytes);
    expect(d.body.root).toContain(`(${figures.usedPercent}% used)`);
    const s = await get("/api/admin/ops/sysinfo", operator);
    expect(Object.keys(s.body).sort()).toEqual([
      "arch",
      "hostname",
      "platform",
      "release",
      "totalMem",
      "uptimeSec",
    ]);
    const v = await get("/api/admin/ops/version", operator);
    expect(v.body).toEqual({ version: "0.1.0", commit: "abc1234" });
    const db = await getDb();
    const summary = await get("/api/admin/ops/db-summary", operator);
    expect(summary.body).toMatchObject({
      users: await db.user.count(),
      adminUsers: await db.operator.count(),
      organizations: await db.organization.count(),
    });
    expect(summary.body.sizeBytes as number).toBeGreaterThan(0);
  });

  it("env lists at most 19 of the app's own settings with secrets masked", async () => {
    process.env.SOME_UNRELATED_SECRET = "do-not-show-me";
    const res = await get("/api/admin/ops/env", operator);
    const entries = res.body.env as Record<string, string>;
    expect(Object.keys(entries).length).toBeLessThanOrEqual(19);
    expect(entries.DIAL_MAX_LINES).toBe("3");
    expect(Object.keys(entries)).not.toContain("SOME_UNRELATED_SECRET");
    expect(Object.keys(entries)).not.toContain("PATH");
    expect(entries.AUTH_SECRET).toMatch(/set/);
    expect(entries.SMTP_URL).toBe("smtp://mailer:****@127.0.0.1:2525");
    expect(JSON.stringify(entries)).not.toContain("do-not-show-me");
  });

  it("checkpoint runs CHECKPOINT and leaves one audit event", async () => {
    const before = await auditCount("ops.db.checkpoint");
    const res = await call(
      "POST",
      "/api/admin/ops/db/checkpoint",
      route("/api/admin/ops/db/checkpoint").load,
      { token: operator },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    expect(await auditCount("ops.db.checkpoint")).toBe(before + 1);
  });

  it("cache clear empties every registered cache, says what it held, and is audited", async () => {
    const store = new Map([
      ["a", 1],
      ["b", 2],
    ]);
    registerServerCache({ name: "test-cache", size: () => store.size, clear: () => store.clear() });
    const before = await auditCount("ops.cache.clear");
    const res = await call(
      "POST",
      "/api/admin/ops/cache/clear",
      route("/api/admin/ops/cache/clear").load,
      { token: operator },
    );
    expect(res.body.ok).toBe(true);
    expect(res.body.cleared).toContainEqual({ name: "test-cache", entries: 2 });
    expect(store.size).toBe(0);
    expect(await auditCount("ops.cache.clear")).toBe(before + 1);
  });
});

describe("rate limit", () => {
  it("limits an operator's actions per minute (30), refusals included", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await serviceAction(operator, { action: "reload", service: "apache" })).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
