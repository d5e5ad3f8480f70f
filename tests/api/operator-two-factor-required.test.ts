// OPERATOR_REQUIRE_TWO_FACTOR: an operator without a second factor reaches only its
// set-up, ping and sign-out until it is on; then every console route answers, and it cannot be
// switched off.
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";

process.env.OPERATOR_REQUIRE_TWO_FACTOR = "1";

const { GET: pingRoute } = await import("@/app/api/admin/ping/route");
const { POST: setupRoute } = await import("@/app/api/admin/2fa/setup/route");
const { POST: enableRoute } = await import("@/app/api/admin/2fa/enable/route");
const { POST: disableRoute } = await import("@/app/api/admin/2fa/disable/route");
const { GET: organizationsRoute } = await import("@/app/api/admin/organizations/route");
const { createAccount, loginOperator, request } = await import("./helpers");

type Route = (r: never) => Promise<Response>;
const get = (route: Route, path: string, token: string) =>
  route(request("GET", path, { token }) as never);
const post = (route: Route, path: string, body: unknown, token: string) =>
  route(request("POST", path, { body, token }) as never);

describe("a deployment that requires operators' second factor", () => {
  it("shows an operator without one only its set-up until it is on", async () => {
    const op = await createAccount({ admin: true });
    const token = await loginOperator(op);

    const ping = await get(pingRoute, "/api/admin/ping", token);
    expect(ping.status).toBe(200);
    expect(((await ping.json()) as { mustEnrolTwoFactor: boolean }).mustEnrolTwoFactor).toBe(true);
    const refused = await get(organizationsRoute, "/api/admin/organizations", token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("two_factor_required");

    const setup = (await (
      await post(setupRoute, "/api/admin/2fa/setup", undefined, token)
    ).json()) as {
      secret: string;
    };
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret) });
    const on = await post(
      enableRoute,
      "/api/admin/2fa/enable",
      { code, password: op.password },
      token,
    );
    expect(on.status).toBe(200);

    expect((await get(organizationsRoute, "/api/admin/organizations", token)).status).toBe(200);
    const pingAfter = (await (await get(pingRoute, "/api/admin/ping", token)).json()) as {
      mustEnrolTwoFactor: boolean;
    };
    expect(pingAfter.mustEnrolTwoFactor).toBe(false);

    const off = await post(
      disableRoute,
      "/api/admin/2fa/disable",
      { password: op.password, code },
      token,
    );
    expect(off.status).toBe(403);
    expect(((await off.json()) as { code: string }).code).toBe("two_factor_required");
  });
});
