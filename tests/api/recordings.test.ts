// The recording API on the embedded default's store: files under DATA_DIR/recordings.
import "./recordings-limits-env";
import { describe, expect, it } from "vitest";
import { recordingCases, recordingHelpers } from "./recordings-cases";

recordingCases("local");

describe("the operator console's Call recordings panel", () => {
  it("shows storage use and retention, and sets an organization's mode (audited)", async () => {
    const { GET } = await import("@/app/api/admin/recordings/route");
    const { PUT } = await import("@/app/api/admin/recordings/[organizationId]/route");
    const { createAccount, loginOperator, request } = await import("./helpers");
    const { organization, repOf } = await import("./calls-helpers");
    const token = await loginOperator(await createAccount({ admin: true }));
    const org = await organization();
    await repOf(org.id);
    const rep = await repOf(org.id);
    expect((await GET(request("GET", "/api/admin/recordings", { token: rep.token }))).status).toBe(
      401,
    );
    const res = await GET(request("GET", "/api/admin/recordings", { token }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ store: "local", retentionDays: 30 });
    expect(body.organizations.find((o: { id: string }) => o.id === org.id)).toMatchObject({
      mode: "on_request",
      bytes: 0,
    });
    const set = await PUT(
      request("PUT", `/api/admin/recordings/${org.id}`, {
        token,
        body: { mode: "every_call", consentRequired: false },
      }),
      { params: Promise.resolve({ organizationId: org.id }) },
    );
    expect(set.status).toBe(200);
    const after = (await set.json()).organizations.find((o: { id: string }) => o.id === org.id);
    expect(after.mode).toBe("every_call");
    const { getDb } = await import("@/lib/db/client");
    const events = await (
      await getDb()
    ).auditEvent.count({
      where: { action: "organization.recording", target: org.id },
    });
    expect(events).toBe(1);
  });
});

describe("the per-organization recording quota (RECORDING_ORG_QUOTA_BYTES, 400000 here)", () => {
  it("refuses the chunk and the recording past it, clearly, and the console shows the figure", async () => {
    const { team, callOf, start, putChunk, bytes, state } = recordingHelpers;
    const crypto = await import("node:crypto");
    const { rep, other, org } = await team();
    /** A recording of `who`'s call, its chunks of `size` bytes stored. */
    async function fill(who: typeof rep, count: number, size: number) {
      const id = crypto.randomUUID();
      expect((await start(who, id, await callOf(who))).status).toBe(201);
      for (let i = 0; i < count; i++) {
        expect((await putChunk(who, id, i, bytes(size, i + 1, i === 0))).status).toBe(201);
      }
      return id;
    }
    await fill(rep, 3, 60_000);
    await fill(other, 3, 60_000); // 360000 kept by the team
    const id = crypto.randomUUID();
    expect((await start(rep, id, await callOf(rep))).status).toBe(201);
    const over = await putChunk(rep, id, 0, bytes(60_000, 1, true));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({
      code: "recording_quota",
      error: expect.stringMatching(/recording storage is full/),
      used: 360_000,
      quota: 400_000,
    });
    expect((await (await state(rep, id)).json()).chunks).toEqual([]);
    expect((await putChunk(rep, id, 0, bytes(40_000, 1, true))).status).toBe(201);
    // Full: a new recording is refused before it starts.
    const refused = await start(other, crypto.randomUUID(), await callOf(other));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: "recording_quota" });
    // Another team is not held by this one's use.
    const elsewhere = await team();
    await fill(elsewhere.rep, 1, 1000);

    const { GET } = await import("@/app/api/admin/recordings/route");
    const { createAccount, loginOperator, request } = await import("./helpers");
    const token = await loginOperator(await createAccount({ admin: true }));
    const body = await (await GET(request("GET", "/api/admin/recordings", { token }))).json();
    expect(body.quotaBytes).toBe(400_000);
    expect(body.organizations.find((o: { id: string }) => o.id === org.id)).toMatchObject({
      bytes: 400_000,
    });
  });
});
