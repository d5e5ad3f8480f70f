import { cronSecret } from "./deploy-env";
import { describe, expect, it } from "vitest";
import { GET as housekeeping } from "@/app/api/cron/housekeeping/route";
import { getDb } from "@/lib/db/client";
import { mailRecipientAllowed } from "@/lib/email/recipients";
import { isPreview } from "@/lib/env";
import { request, uniqueName } from "./helpers";

// What a preview deployment changes: the cron route behind CRON_SECRET, bounded per call and safe
// to run twice at once, and mail only to reserved test domains and MAIL_ALLOWED_DOMAINS.

const cron = (authorization?: string) =>
  housekeeping(
    request("GET", "/api/cron/housekeeping", {
      headers: authorization ? { authorization } : {},
    }),
    { params: Promise.resolve({}) },
  );

type Pruned = { ok: true; pruned: { audit: number; more: boolean } };

describe("cron housekeeping route", () => {
  it("refuses callers without the exact bearer secret", async () => {
    expect((await cron()).status).toBe(401);
    expect((await cron(`Bearer ${cronSecret}x`)).status).toBe(401);
    expect((await cron(cronSecret)).status).toBe(401);
    expect((await cron(`Basic ${cronSecret}`)).status).toBe(401);
  });

  it("deletes at most HOUSEKEEPING_BATCH rows per table per call; concurrent calls are safe", async () => {
    const db = await getDb();
    const actor = uniqueName("cron");
    const old = new Date(Date.now() - 200 * 86_400_000);
    await db.auditEvent.createMany({
      data: Array.from({ length: 7 }, () => ({ actor, action: "t", outcome: "success", at: old })),
    });
    const first = await cron(`Bearer ${cronSecret}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const body = (await first.json()) as Pruned;
    expect(body.pruned.audit).toBe(3);
    expect(body.pruned.more).toBe(true);

    // Two at once, repeatedly, until nothing is left: every call succeeds.
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all([
        cron(`Bearer ${cronSecret}`),
        cron(`Bearer ${cronSecret}`),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as Pruned[];
      for (const b of bodies) expect(b.pruned.audit).toBeLessThanOrEqual(3);
      if (bodies.every((b) => !b.pruned.more)) break;
    }
    expect(await db.auditEvent.count({ where: { actor } })).toBe(0);
  });
});

describe("mail on a preview deployment", () => {
  it("goes only to reserved test domains and MAIL_ALLOWED_DOMAINS", () => {
    expect(isPreview).toBe(true);
    for (const ok of [
      "a@example.com",
      "a@mail.example.org",
      "a@shop.test",
      "a@acme.io",
      "a@sales.ACME.io",
      "a@partner.test",
    ]) {
      expect(mailRecipientAllowed(ok), ok).toBe(true);
    }
    for (const refused of ["a@gmail.com", "a@notacme.io", "a@acme.io.evil.com", "a@example.co"]) {
      expect(mailRecipientAllowed(refused), refused).toBe(false);
    }
  });
});
