// A power-dial call is authorised only inside the business's calling window, checked by the
// server from the same place details the browser's plan used (here the demo provider: its
// dentist #0 in Austin opens Monday to Friday 8-17 and Saturday 9-13 local time, #9 is open
// around the clock). A call the rep dials by hand, or a session the rep started with closed
// businesses included, is not held to it.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { UserSession } from "@/lib/auth/sessions";
import { createAccount, loginOperator, request } from "./helpers";

const telephonyRoute = await import("@/app/api/admin/telephony/[organizationId]/route");
const { getDb } = await import("@/lib/db/client");
const { authorizeCall } = await import("@/modules/telephony/lib/authorize");
const { authorizeBodySchema } = await import("@/modules/telephony/lib/schemas");

const operator = loginOperator(await createAccount({ admin: true }));
const demoPlace = (i: number) =>
  `demo-${Buffer.from(JSON.stringify(["dentist", "Austin", i]), "utf8").toString("base64url")}`;
// Sunday 04:00 and Monday 10:00 in Austin (UTC-6 in December).
const SUNDAY_NIGHT = new Date("2026-12-06T10:00:00Z");
const MONDAY_MORNING = new Date("2026-12-07T16:00:00Z");

async function rep(): Promise<UserSession> {
  const db = await getDb();
  const org = await db.organization.create({
    data: { name: `org-${crypto.randomUUID()}`, callerId: "+15125550199" },
  });
  const res = await telephonyRoute.PUT(
    request("PUT", `/api/admin/telephony/${org.id}`, {
      token: await operator,
      body: {
        wsUrl: "wss://edge.example.com/ws",
        sipDomain: "edge.example.com",
        secret: "s".repeat(24),
      },
    }),
    { params: Promise.resolve({ organizationId: org.id }) },
  );
  expect(res.status).toBe(201);
  const account = await createAccount();
  const user = await db.user.update({
    where: { username: account.username },
    data: { organizationId: org.id },
  });
  return {
    kind: "user",
    userId: user.id,
    username: user.username,
    organizationId: org.id,
    role: "rep",
  } as UserSession;
}

const body = (placeId: string, powerDial?: { includeClosed: boolean }) =>
  authorizeBodySchema.parse({ dialedDigits: "5125550100", placeId, powerDial });

describe("the calling window of a power-dial call", () => {
  it("refuses a closed business and signs an open one", async () => {
    const session = await rep();
    const closed = body(demoPlace(0), { includeClosed: false });
    await expect(authorizeCall(session, closed, SUNDAY_NIGHT)).rejects.toMatchObject({
      status: 403,
      code: "outside_calling_window",
    });
    await expect(authorizeCall(session, closed, MONDAY_MORNING)).resolves.toMatchObject({
      number: "+15125550100",
    });
    const allDay = body(demoPlace(9), { includeClosed: false });
    await expect(authorizeCall(session, allDay, SUNDAY_NIGHT)).resolves.toMatchObject({
      number: "+15125550100",
    });
  });

  it("leaves calls dialed by hand, and sessions that include closed businesses, to the rep", async () => {
    const session = await rep();
    await expect(authorizeCall(session, body(demoPlace(0)), SUNDAY_NIGHT)).resolves.toMatchObject({
      number: "+15125550100",
    });
    await expect(
      authorizeCall(session, body(demoPlace(0), { includeClosed: true }), SUNDAY_NIGHT),
    ).resolves.toMatchObject({ number: "+15125550100" });
  });

  it("needs the business for a power-dial call", () => {
    expect(
      authorizeBodySchema.safeParse({
        dialedDigits: "5125550100",
        powerDial: { includeClosed: false },
      }).success,
    ).toBe(false);
  });
});
