// Where systemctl does not exist and no build is configured, the console says so.
import "./ops-configure-unconfigured";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createAccount, loginOperator, request } from "./helpers";
import { removeOpsDir } from "./ops-env";

let operator: string;
beforeAll(async () => {
  operator = await loginOperator(await createAccount({ admin: true }));
});
afterAll(() => removeOpsDir());

it("reads every state as unavailable", async () => {
  const { GET } = await import("@/app/api/admin/ops/status/route");
  const res = await GET(request("GET", "/api/admin/ops/status", { token: operator }));
  expect(await res.json()).toEqual({
    systemctl: "unavailable",
    services: [
      { service: "apache", unit: "apache2.service", state: "unavailable" },
      { service: "auth", unit: "dialflow-auth.service", state: "unavailable" },
      { service: "broken", unit: "failing.service", state: "unavailable" },
    ],
  });
});

it("answers an action with a clear error and audits it", async () => {
  const db = await getDb();
  const where = { action: "ops.service.restart", outcome: "error" };
  const before = await db.auditEvent.count({ where });
  const { POST } = await import("@/app/api/admin/ops/service-action/route");
  const res = await POST(
    request("POST", "/api/admin/ops/service-action", {
      token: operator,
      body: { action: "restart", service: "apache" },
    }),
  );
  expect(res.status).toBe(503);
  expect(await res.json()).toMatchObject({
    ok: false,
    code: "systemctl_unavailable",
    error: "systemctl is unavailable on this host",
  });
  expect(await db.auditEvent.count({ where })).toBe(before + 1);
});

it("build & deploy names the variables to set and runs nothing", async () => {
  const { GET } = await import("@/app/api/admin/ops/build-deploy/status/route");
  const status = await (
    await GET(request("GET", "/api/admin/ops/build-deploy/status", { token: operator }))
  ).json();
  expect(status).toMatchObject({
    configured: false,
    missing: ["OPS_BUILD_COMMAND", "OPS_DEPLOY_COMMAND"],
    running: false,
  });
  const { POST } = await import("@/app/api/admin/ops/build-deploy/route");
  const res = await POST(request("POST", "/api/admin/ops/build-deploy", { token: operator }));
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    ok: false,
    code: "not_configured",
    error: "Build & deploy is not configured: set OPS_BUILD_COMMAND and OPS_DEPLOY_COMMAND",
  });
});
