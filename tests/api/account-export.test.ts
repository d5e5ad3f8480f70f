// Export Data: a rep downloads their own profile, calls and the records they wrote;
// never a teammate's, never another organization's.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { accountExportSchema } from "@/modules/account-security/lib/export-schemas";
import { getDb } from "@/lib/db/client";
import { request } from "./helpers";
import {
  completedCall,
  newId,
  organization,
  putCall,
  putDisposition,
  repOf,
  type Rep,
} from "./calls-helpers";

const { GET: exportRoute } = await import("@/app/api/account/export/route");
const { PUT: recordsRoute } = await import("@/app/api/records/[placeId]/items/route");

const newPlace = () => `ChIJexport-${crypto.randomBytes(6).toString("hex")}`;
const at = new Date(Date.now() - 30 * 60_000);

function download(token?: string) {
  return exportRoute(request("GET", "/api/account/export", { token }));
}

async function writeNote(who: Rep, placeId: string, text: string) {
  const itemId = crypto.randomUUID();
  const res = await recordsRoute(
    request("PUT", `/api/records/${encodeURIComponent(placeId)}/items`, {
      token: who.token,
      body: {
        account: { name: `Business ${placeId.slice(-4)}`, phone: null, utcOffsetMinutes: null },
        changes: [
          { kind: "note", itemId, op: "put", data: { id: itemId, text, created: Date.now() } },
        ],
      },
    }),
    { params: Promise.resolve({ placeId }) },
  );
  expect(res.status).toBe(200);
  return itemId;
}

let me: Rep;
let teammate: Rep;
let stranger: Rep;
let myCalls: string[];
let myNote: string;
let sharedPlace: string;

beforeAll(async () => {
  const [mine, theirs] = await Promise.all([organization("+16285550100"), organization()]);
  [me, teammate, stranger] = await Promise.all([repOf(mine.id), repOf(mine.id), repOf(theirs.id)]);
  myCalls = [newId(), newId()];
  await putCall(me, myCalls[0]!, completedCall(at, 40, { dialedDigits: "3055550163" }));
  await putCall(me, myCalls[1]!, completedCall(new Date(at.getTime() + 60_000), 10));
  await putDisposition(me, myCalls[0]!, { disposition: "sale", saleAmount: "1250.5" });
  await putCall(teammate, newId(), completedCall(at, 20));
  await putCall(stranger, newId(), completedCall(at, 30));
  sharedPlace = newPlace();
  myNote = await writeNote(me, sharedPlace, "my own note");
  await writeNote(teammate, sharedPlace, "teammate's note");
  await writeNote(stranger, sharedPlace, "another team's note");
});

describe("GET /api/account/export", () => {
  it("downloads the rep's own profile, calls and records as a JSON file", async () => {
    const res = await download(me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dialflow-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = accountExportSchema.parse(await res.json());
    expect(data.profile.username).toBe(me.username);
    expect(data.calls.map((c) => c.id)).toEqual(myCalls);
    expect(data.calls[0]).toMatchObject({
      disposition: "sale",
      saleAmount: "1250.50",
      talkSeconds: 40,
    });
    expect(data.records).toHaveLength(1);
    expect(data.records[0]).toMatchObject({
      placeId: sharedPlace,
      kind: "note",
      itemId: myNote,
      data: { text: "my own note" },
    });
    expect(data.records[0]!.business).toMatch(/^Business /);
  });

  it("holds nothing of a teammate or of another organization", async () => {
    const text = await (await download(me.token)).text();
    expect(text).not.toContain("teammate's note");
    expect(text).not.toContain("another team's note");
    expect(text).not.toContain(teammate.username);
    expect(text).not.toContain(stranger.username);

    const theirs = accountExportSchema.parse(await (await download(stranger.token)).json());
    expect(theirs.calls).toHaveLength(1);
    expect(theirs.records.map((r) => r.data)).toEqual([
      expect.objectContaining({ text: "another team's note" }),
    ]);
  });

  it("leaves out records the rep deleted and calls left behind in a former team", async () => {
    const gone = await writeNote(me, sharedPlace, "a note I deleted");
    const res = await recordsRoute(
      request("PUT", `/api/records/${encodeURIComponent(sharedPlace)}/items`, {
        token: me.token,
        body: { changes: [{ kind: "note", itemId: gone, op: "delete" }] },
      }),
      { params: Promise.resolve({ placeId: sharedPlace }) },
    );
    expect(res.status).toBe(200);
    const mine = accountExportSchema.parse(await (await download(me.token)).json());
    expect(mine.records.map((r) => r.itemId)).toEqual([myNote]);

    const db = await getDb();
    const movedTo = await organization();
    const mover = await repOf((await organization()).id);
    const oldCall = newId();
    await putCall(mover, oldCall, completedCall(at, 5));
    await db.user.update({ where: { id: mover.userId }, data: { organizationId: movedTo.id } });
    const data = accountExportSchema.parse(await (await download(mover.token)).json());
    expect(data.calls).toEqual([]);
    expect(data.profile.organization).toBe(movedTo.name);
  });

  it("records an audit event and refuses a request without a session", async () => {
    const db = await getDb();
    const events = await db.auditEvent.findMany({
      where: { actor: me.username, action: "account.export" },
    });
    expect(events.length).toBeGreaterThan(0);
    expect((await download()).status).toBe(401);
    expect((await download("not-a-token")).status).toBe(401);
  });
});
