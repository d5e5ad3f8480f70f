// A blind transfer on the record: the transferring rep's call keeps who took it over and when,
// the teammate's call links to it, and neither can point outside the organization.
import { beforeAll, describe, expect, it } from "vitest";
import { callResponseSchema } from "@/modules/calls/lib/schemas";
import { completedCall, newId, organization, putCall, repOf, type Rep } from "./calls-helpers";

let rep: Rep;
let teammate: Rep;
let stranger: Rep;
beforeAll(async () => {
  const org = await organization("+1 628 555 0100");
  rep = await repOf(org.id);
  teammate = await repOf(org.id);
  stranger = await repOf((await organization("+1 628 555 0199")).id);
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const callOf = async (res: Response) => callResponseSchema.parse(await res.json()).call;

describe("PUT /api/calls/:id with a transfer", () => {
  it("keeps who took the call over and when, and the teammate's call links to it", async () => {
    const id = newId();
    const at = minutesAgo(5);
    const transferredAt = new Date(at.getTime() + 30_000).toISOString();
    await putCall(rep, id, { dialedDigits: "4155550132", startedAt: at.toISOString() });
    const ended = await putCall(rep, id, {
      ...completedCall(at, 20),
      transfer: { at: transferredAt, toUserId: teammate.userId },
    });
    expect(ended.status).toBe(200);
    expect((await callOf(ended)).transfer).toEqual({
      at: transferredAt,
      toUserId: teammate.userId,
      toNumber: null,
    });

    const theirs = newId();
    const res = await putCall(teammate, theirs, {
      ...completedCall(minutesAgo(4), 60),
      direction: "inbound",
      transferredFromCallId: id,
    });
    expect(res.status).toBe(201);
    expect(await callOf(res)).toMatchObject({ transferredFromCallId: id, transfer: null });
  });

  it("a transfer to a number is kept as the number", async () => {
    const id = newId();
    const at = minutesAgo(3);
    const res = await putCall(rep, id, {
      ...completedCall(at, 10),
      transfer: { at: new Date(at.getTime() + 9000).toISOString(), toNumber: "+15125550199" },
    });
    expect((await callOf(res)).transfer).toMatchObject({
      toUserId: null,
      toNumber: "+15125550199",
    });
  });

  it("drops a teammate or an origin from another organization, and refuses a transfer to both", async () => {
    const id = newId();
    const at = minutesAgo(2);
    const res = await putCall(rep, id, {
      ...completedCall(at, 10),
      transfer: { at: new Date(at.getTime() + 9000).toISOString(), toUserId: stranger.userId },
    });
    expect(res.status).toBe(201);
    expect((await callOf(res)).transfer).toBeNull();

    const strangers = newId();
    await putCall(stranger, strangers, completedCall(minutesAgo(6), 10));
    const linked = await putCall(rep, newId(), {
      ...completedCall(minutesAgo(1), 10),
      direction: "inbound",
      transferredFromCallId: strangers,
    });
    expect((await callOf(linked)).transferredFromCallId).toBeNull();

    const both = await putCall(rep, newId(), {
      ...completedCall(minutesAgo(1), 10),
      transfer: {
        at: new Date().toISOString(),
        toUserId: teammate.userId,
        toNumber: "+15125550199",
      },
    });
    expect(both.status).toBe(400);
  });
});
