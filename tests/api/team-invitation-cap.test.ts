// The invitation mail cap: an organization sends at most INVITATION_DAILY_CAP
// invitation mails a day (new or resent), and one invitation is resent at most RESENDS_PER_DAY
// times; past either, the manager is refused with a 429 that says when, nothing is written and
// no mail goes out. Another organization's budget is its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer } from "./email-helpers";

// env is read once at import: the SMTP peer and the cap must be set before any app module loads.
const smtp = await startSmtpPeer();
process.env.SMTP_URL = smtp.url;
process.env.SMTP_FROM = "DialFlow <no-reply@example.test>";
process.env.INVITATION_DAILY_CAP = "8";

const { getDb } = await import("@/lib/db/client");
const { organization, repOf } = await import("./calls-helpers");
const { request, uniqueName } = await import("./helpers");
const { RESENDS_PER_DAY } = await import("@/modules/team/lib/invitations");
const invitations = await import("@/app/api/team/invitations/route");
const resend = await import("@/app/api/team/invitations/[invitationId]/resend/route");

type Rep = Awaited<ReturnType<typeof repOf>>;
const none = { params: Promise.resolve({}) };
afterAll(() => smtp.close());

let managerA: Rep;
let managerB: Rep;
beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([organization(), organization()]);
  [managerA, managerB] = await Promise.all([repOf(orgA.id, "manager"), repOf(orgB.id, "manager")]);
});

const address = () => `${uniqueName("capped")}@example.com`;
const invite = (who: Rep, email: string) =>
  invitations.POST(
    request("POST", "/api/team/invitations", { token: who.token, body: { email } }),
    none,
  );
const resendOf = (who: Rep, invitationId: string) =>
  resend.POST(
    request("POST", `/api/team/invitations/${invitationId}/resend`, { token: who.token }),
    { params: Promise.resolve({ invitationId }) },
  );

describe("invitation mail cap", () => {
  it("limits resends of one invitation, then the organization's day; other teams are unaffected", async () => {
    const first = await invite(managerA, address());
    expect(first.status).toBe(201);
    const { invitation } = (await first.json()) as { invitation: { id: string } };
    for (let i = 0; i < RESENDS_PER_DAY; i++) {
      expect((await resendOf(managerA, invitation.id)).status).toBe(200);
    }
    const sentBefore = smtp.received.length;
    const tooMany = await resendOf(managerA, invitation.id);
    expect(tooMany.status).toBe(429);
    expect(await tooMany.json()).toMatchObject({ code: "invitation_daily_cap" });
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(smtp.received.length).toBe(sentBefore);

    // 1 + 5 mails spent (the refused resend counted too): the cap of 8 leaves one new invitation.
    expect((await invite(managerA, address())).status).toBe(201);
    const refusedAddress = address();
    const refused = await invite(managerA, refusedAddress);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "invitation_daily_cap" });
    const db = await getDb();
    expect(await db.invitation.count({ where: { email: refusedAddress } })).toBe(0);
    expect(smtp.received.some((m) => m.envelopeTo.includes(refusedAddress))).toBe(false);

    // Another organization still invites.
    expect((await invite(managerB, address())).status).toBe(201);
  });
});
