// The demo seed: on a new embedded database the spec's sample Call History becomes the demo
// team's calls, which the demo rep finds through the real routes. Never on PostgreSQL.
import { describe, expect, it } from "vitest";
import { formatDemoBanner, seedDemoAccounts } from "@/modules/deploy/lib/demo";
import { callsResponseSchema } from "@/modules/calls/lib/schemas";
import { getDb } from "@/lib/db/client";
import { sampleCalls } from "@/lib/sample/calls";
import { exportReport, searchCalls } from "./calls-helpers";
import { loginAs } from "./helpers";

describe("demo calls", () => {
  it.runIf(!process.env.DATABASE_URL)(
    "are the sample list, seeded once with the demo accounts and found by the demo rep",
    async () => {
      const db = await getDb();
      await db.call.deleteMany();
      await db.session.deleteMany();
      await db.user.deleteMany();
      await db.operator.deleteMany();
      const demo = await seedDemoAccounts(db);
      const password = /username: demo\s+password: (\S+)/.exec(
        formatDemoBanner(demo!, "http://localhost:3000"),
      )![1]!;
      const rep = { token: await loginAs({ username: "demo", password }) };

      const sample = sampleCalls(Date.now());
      expect(await db.call.count()).toBe(sample.length);
      const ids = async (q: string) =>
        callsResponseSchema.parse(await (await searchCalls(rep, q)).json()).calls;
      const [first] = await ids("call-1001");
      expect(first).toMatchObject({
        id: "CALL-1001",
        dialedNumber: "+14155550132",
        originatingNumber: "+16285550100",
        agent: "olivia.bennett",
        talkSeconds: 312,
        disposition: "sale",
        saleAmount: "1250.00",
      });
      expect((await ids("Olivia Bennett")).map((c) => c.id)).toEqual(["CALL-1001", "CALL-1009"]);
      expect((await ids("+44 20 7183 8750")).map((c) => c.id)).toEqual(["CALL-1011"]);

      const sales = await (
        await exportReport(rep, "sales-history", {
          from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
          to: new Date().toISOString(),
        })
      ).text();
      expect(sales.match(/^CALL-\d+,/gm)).toEqual(["CALL-1009,", "CALL-1005,", "CALL-1001,"]);

      // The sample agents are accounts of the team nobody can sign in as; a second start seeds nothing.
      const agents = await db.user.findMany({
        where: { username: { notIn: ["demo", "manager"] } },
      });
      expect(agents.length).toBe(8);
      expect(agents.every((a) => a.disabled)).toBe(true);
      expect(await seedDemoAccounts(db)).toBeNull();
      expect(await db.call.count()).toBe(sample.length);
    },
  );
});
