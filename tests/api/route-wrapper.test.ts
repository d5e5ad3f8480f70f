// The route wrapper's params validation and database-backed rate limit.
import { NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withPublic, withUser } from "@/lib/api/handler";
import { hitRateLimit } from "@/lib/api/rate-limit";
import { createAccount, loginAs, request, uniqueName } from "./helpers";

const params = (value: Record<string, string>) => ({ params: Promise.resolve(value) });

describe("route params", () => {
  const GET = withPublic(
    { params: z.object({ placeId: z.string().regex(/^[A-Za-z0-9_-]{1,300}$/) }) },
    async ({ params: { placeId } }) => NextResponse.json({ placeId }),
  );

  it("passes validated params to the handler", async () => {
    const res = await GET(request("GET", "/x/abc_1"), params({ placeId: "abc_1" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ placeId: "abc_1" });
  });

  it("answers 400 with the validation code for params outside the schema", async () => {
    const res = await GET(request("GET", "/x/..%2F"), params({ placeId: "../etc" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation" });
  });
});

describe("rate limit option", () => {
  it("lets max requests through per account, then 429 with Retry-After", async () => {
    const name = uniqueName("rl");
    const GET = withUser(
      { permission: "account.own", rateLimit: { name, max: 3, windowSeconds: 60 } },
      async () => NextResponse.json({ ok: true }),
    );
    const alice = await loginAs(await createAccount());
    const bob = await loginAs(await createAccount());
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => GET(request("GET", "/x", { token: alice }))),
    ).then((all) => all.map((r) => r.status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);

    const limited = await GET(request("GET", "/x", { token: alice }));
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });

    // Another account has its own budget.
    expect((await GET(request("GET", "/x", { token: bob }))).status).toBe(200);
  });

  it("does not count unauthenticated requests against an account", async () => {
    const name = uniqueName("rl");
    const GET = withUser(
      { permission: "account.own", rateLimit: { name, max: 1, windowSeconds: 60 } },
      async () => NextResponse.json({ ok: true }),
    );
    for (let i = 0; i < 3; i++) expect((await GET(request("GET", "/x"))).status).toBe(401);
    const token = await loginAs(await createAccount());
    expect((await GET(request("GET", "/x", { token }))).status).toBe(200);
  });

  it("limits public routes per client address", async () => {
    const name = uniqueName("rl");
    const POST = withPublic({ rateLimit: { name, max: 2, windowSeconds: 60 } }, async () =>
      NextResponse.json({ ok: true }),
    );
    const from = (ip: string) => POST(request("POST", "/x", { ip }));
    expect((await from("198.51.100.1")).status).toBe(200);
    expect((await from("198.51.100.1")).status).toBe(200);
    expect((await from("198.51.100.1")).status).toBe(429);
    expect((await from("198.51.100.2")).status).toBe(200);
  });

  it("starts a new window once the old one has closed", async () => {
    const rule = { name: uniqueName("rl"), max: 1, windowSeconds: 10 };
    const t0 = new Date();
    expect((await hitRateLimit(rule, "s", t0)).allowed).toBe(true);
    expect((await hitRateLimit(rule, "s", new Date(t0.getTime() + 9_000))).allowed).toBe(false);
    expect((await hitRateLimit(rule, "s", new Date(t0.getTime() + 10_001))).allowed).toBe(true);
  });
});
