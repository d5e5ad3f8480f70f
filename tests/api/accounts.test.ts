// The team's account records name its calls: a call to a business the team keeps a
// record of carries the business's name in the Call Log, the drawer's Call Logs and Call
// History, which also finds calls by that name; another team's record of the same place never
// names this team's calls.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { CallDto } from "@/modules/calls/lib/schemas";
import {
  listCalls,
  newId,
  organization,
  placeCalls,
  putCall,
  repOf,
  searchCalls,
  type Rep,
} from "./calls-helpers";
import { request } from "./helpers";

const records = await import("@/app/api/records/[placeId]/items/route");

let rep: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [rep, stranger] = await Promise.all([repOf(org.id), repOf(other.id)]);
});

async function keepAccount(who: Rep, placeId: string, name: string) {
  const itemId = crypto.randomUUID();
  const res = await records.PUT(
    request("PUT", `/api/records/${placeId}/items`, {
      token: who.token,
      body: {
        changes: [
          { kind: "note", itemId, op: "put", data: { id: itemId, text: "hi", created: 1 } },
        ],
        account: { name },
      },
    }),
    { params: Promise.resolve({ placeId }) },
  );
  expect(res.status).toBe(200);
}

async function call(who: Rep, placeId: string | null) {
  const id = newId();
  const digits = `512555${String(crypto.randomInt(1000, 9999))}`;
  const res = await putCall(who, id, {
    placeId,
    dialedDigits: digits,
    startedAt: new Date().toISOString(),
  });
  expect(res.status).toBe(201);
  return id;
}

const calls = async (res: Response) => ((await res.json()) as { calls: CallDto[] }).calls;

describe("business names on calls", () => {
  it("a business dialed becomes the team's account record, named as the rep saw it", async () => {
    const placeId = `ChIJdialed-${crypto.randomBytes(5).toString("hex")}`;
    const name = `Dialed Dental ${crypto.randomBytes(3).toString("hex")}`;
    const id = newId();
    const res = await putCall(rep, id, {
      placeId,
      placeName: `  ${name}  `,
      dialedDigits: "5125550188",
      startedAt: new Date().toISOString(),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { call: CallDto }).call.businessName).toBe(name);
    expect((await calls(await searchCalls(rep, name))).map((c) => c.id)).toEqual([id]);
    // Too long a name is refused with the rest of the call, which is not recorded.
    const long = await putCall(rep, newId(), {
      placeId,
      placeName: "x".repeat(201),
      dialedDigits: "5125550188",
      startedAt: new Date().toISOString(),
    });
    expect(long.status).toBe(400);
  });

  it("name the team's calls from its own account record, and Call History finds them by it", async () => {
    const placeId = `ChIJaccount-${crypto.randomBytes(5).toString("hex")}`;
    const unique = `Bright Smile ${crypto.randomBytes(3).toString("hex")}`;
    await keepAccount(rep, placeId, `${unique} Dental`);
    // Another team calls the same place something else: never shown to this team.
    await keepAccount(stranger, placeId, "Someone Else's Name");
    const id = await call(rep, placeId);
    const other = await call(rep, null);

    const log = await calls(await listCalls(rep, "limit=100"));
    expect(log.find((c) => c.id === id)?.businessName).toBe(`${unique} Dental`);
    expect(log.find((c) => c.id === other)?.businessName).toBeNull();
    expect((await calls(await placeCalls(rep, placeId))).map((c) => c.businessName)).toEqual([
      `${unique} Dental`,
    ]);

    // Call History: the whole name exactly (any case), or part of it.
    for (const q of [`${unique.toLowerCase()} dental`, unique]) {
      const found = await calls(await searchCalls(rep, q));
      expect(
        found.map((c) => c.id),
        q,
      ).toEqual([id]);
    }
    // The stranger's calls are theirs: their search by this team's name finds nothing.
    expect(await calls(await searchCalls(stranger, unique))).toEqual([]);
    const theirs = await call(stranger, placeId);
    const theirLog = await calls(await listCalls(stranger, "limit=100"));
    expect(theirLog.find((c) => c.id === theirs)?.businessName).toBe("Someone Else's Name");
  });
});
