// The recording API on the embedded default's store: files under DATA_DIR/recordings.
import "./recordings-limits-env";
import { describe, expect, it } from "vitest";
import { recordingCases } from "./recordings-cases";

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
