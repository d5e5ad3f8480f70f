// Invitations by email: a manager invites an address with a role; the mailed link
// (single use, 7 days) creates the account in the manager's organization and signs it in. Used,
// expired, revoked and replaced (resent) links are refused alike; a rep cannot invite; another
// organization's manager cannot resend or revoke (404). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer, type ReceivedMail } from "./email-helpers";

// env is read once at import: the SMTP peer must exist before any app module loads.
const smtp = await startSmtpPeer();
process.env.SMTP_URL = smtp.url;
process.env.APP_URL = "http://app.example.test";
process.env.SMTP_FROM = "DialFlow <no-reply@example.test>";

const { getDb } = await import("@/lib/db/client");
const { organization, repOf } = await import("./calls-helpers");
const { request, uniqueName } = await import("./helpers");
const invitations = await import("@/app/api/team/invitations/route");
const one = await import("@/app/api/team/invitations/[invitationId]/route");
const resend = await import("@/app/api/team/invitations/[invitationId]/resend/route");
const accept = await import("@/app/api/auth/invitations/accept/route");
const profile = await import("@/app/api/auth/profile/route");
const team = await import("@/app/api/team/route");
const { invitationPreview } = await import("@/modules/team/lib/invitation-preview");

type Rep = Awaited<ReturnType<typeof repOf>>;
const none = { params: Promise.resolve({}) };
const password = "pw-correct-horse-1";

afterAll(() => smtp.close());

let managerA: Rep;
let repA: Rep;
let managerB: Rep;
beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([organization(), organization()]);
  [managerA, repA, managerB] = await Promise.all([
    repOf(orgA.id, "manager"),
    repOf(orgA.id),
    repOf(orgB.id, "manager"),
  ]);
});

const invite = (who: Rep, body: unknown) =>
  invitations.POST(request("POST", "/api/team/invitations", { token: who.token, body }), none);
const pending = async (who: Rep) =>
  (
    (await (
      await invitations.GET(request("GET", "/api/team/invitations", { token: who.token }), none)
    ).json()) as { invitations: { id: string; email: string; status: string }[] }
  ).invitations;
const params = (invitationId: string) => ({ params: Promise.resolve({ invitationId }) });
const acceptWith = (token: string, username = uniqueName("new")) =>
  accept.POST(
    request("POST", "/api/auth/invitations/accept", { body: { token, username, password } }),
    none,
  );

function linkTo(email: string): string {
  const mail = [...smtp.received].reverse().find((m: ReceivedMail) => m.envelopeTo.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /http:\/\/app\.example\.test\/invite\?token=([A-Za-z0-9_-]+)/.exec(
    mail.parsed.text ?? "",
  );
  if (!match) throw new Error("no invitation link in mail");
  return match[1]!;
}
const address = () => `${uniqueName("invitee")}@example.com`;

describe("invitations", () => {
  it("a rep cannot invite or see invitations", async () => {
    expect((await invite(repA, { email: address() })).status).toBe(403);
    const res = await invitations.GET(
      request("GET", "/api/team/invitations", { token: repA.token }),
      none,
    );
    expect(res.status).toBe(403);
  });

  it("the link creates the member with the invited role, signed in, and works once", async () => {
    const email = address();
    const res = await invite(managerA, { email, role: "manager" });
    expect(res.status).toBe(201);
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email))!;
    expect(mail.parsed.subject).toContain("You are invited to");
    expect((await pending(managerA)).map((i) => i.email)).toContain(email);
    expect((await pending(managerB)).map((i) => i.email)).not.toContain(email);

    const token = linkTo(email);
    // The invitation page names the team and the role while the link can be accepted.
    const orgA = await (
      await getDb()
    ).organization.findUniqueOrThrow({
      where: { id: managerA.organizationId },
    });
    expect(await invitationPreview(token)).toEqual({ team: orgA.name, role: "manager" });
    expect(await invitationPreview(`${token}x`)).toBeNull();
    const username = uniqueName("joined");
    const accepted = await acceptWith(token, username);
    expect(accepted.status).toBe(201);
    const body = (await accepted.json()) as { token: string; user: { username: string } };
    expect(body.user.username).toBe(username);
    expect(accepted.headers.get("set-cookie")).toContain("session=");
    const me = await profile.GET(request("GET", "/api/auth/profile", { token: body.token }), none);
    expect(await me.json()).toEqual({ email, emailVerified: true });
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { username } });
    expect(user).toMatchObject({ organizationId: managerA.organizationId, role: "manager" });
    const t = (await (
      await team.GET(request("GET", "/api/team", { token: body.token }), none)
    ).json()) as { members: { username: string }[] };
    expect(t.members.map((m) => m.username)).toContain(managerA.username);

    // Used once: refused, and no second account; the page names no team any more.
    expect(await invitationPreview(token)).toBeNull();
    const again = await acceptWith(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "invitation_invalid" });
    expect((await pending(managerA)).map((i) => i.email)).not.toContain(email);
  });

  it("an expired link is refused and listed as expired; resending makes a new one", async () => {
    const email = address();
    expect((await invite(managerA, { email })).status).toBe(201);
    const old = linkTo(email);
    const db = await getDb();
    await db.invitation.updateMany({
      where: { email },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await acceptWith(old)).status).toBe(400);
    const listed = (await pending(managerA)).find((i) => i.email === email)!;
    expect(listed.status).toBe("expired");

    // Another organization's manager cannot resend it.
    expect(
      (
        await resend.POST(
          request("POST", `/api/team/invitations/${listed.id}/resend`, { token: managerB.token }),
          params(listed.id),
        )
      ).status,
    ).toBe(404);
    const res = await resend.POST(
      request("POST", `/api/team/invitations/${listed.id}/resend`, { token: managerA.token }),
      params(listed.id),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ invitation: { status: "pending" } });
    const fresh = linkTo(email);
    expect(fresh).not.toBe(old);
    // The old link stays dead; the new one works.
    expect((await acceptWith(old)).status).toBe(400);
    expect((await acceptWith(fresh)).status).toBe(201);
  });

  it("a revoked link is refused; another organization's manager cannot revoke", async () => {
    const email = address();
    expect((await invite(managerA, { email })).status).toBe(201);
    // A second invitation to a pending address is a conflict: resend instead.
    expect((await invite(managerA, { email })).status).toBe(409);
    const { id } = (await pending(managerA)).find((i) => i.email === email)!;
    const revoke = (who: Rep) =>
      one.DELETE(
        request("DELETE", `/api/team/invitations/${id}`, { token: who.token }),
        params(id),
      );
    expect((await revoke(managerB)).status).toBe(404);
    expect((await revoke(managerA)).status).toBe(200);
    expect((await acceptWith(linkTo(email))).status).toBe(400);
    const db = await getDb();
    // (A refused accept is audited too, folded with this source's other refusals.)
    const audit = await db.auditEvent.findMany({
      where: { target: email, action: { in: ["team.invite", "team.invite.revoke"] } },
    });
    expect(audit.map((a) => [a.action, a.actor]).sort()).toEqual([
      ["team.invite", managerA.username],
      ["team.invite.revoke", managerA.username],
    ]);
  });

  it("a taken username leaves the link usable; a short password is refused", async () => {
    const email = address();
    expect((await invite(managerA, { email })).status).toBe(201);
    const token = linkTo(email);
    const taken = await acceptWith(token, repA.username);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: "username_taken" });
    // The same name in another case or in full-width letters is the same name.
    const fullWidth = (text: string) =>
      text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const variant of [repA.username.toUpperCase(), fullWidth(repA.username)]) {
      const same = await acceptWith(token, variant);
      expect(same.status, variant).toBe(409);
      expect(await same.json()).toMatchObject({ code: "username_taken" });
    }
    const short = await accept.POST(
      request("POST", "/api/auth/invitations/accept", {
        body: { token, username: uniqueName("new"), password: "short" },
      }),
      none,
    );
    expect(short.status).toBe(400);
    // A new name typed in full-width letters is kept in its plain (NFKC) form.
    const name = uniqueName("Wide");
    const joined = await acceptWith(token, fullWidth(name));
    expect(joined.status).toBe(201);
    const db = await getDb();
    expect(await db.user.findUnique({ where: { username: name } })).toMatchObject({
      usernameKey: name.toLowerCase(),
    });
  });
});

describe("an invitation follows its sender's standing", () => {
  const members = import("@/app/api/team/members/[userId]/route");
  const patch = async (by: Rep, userId: string, body: unknown) =>
    (await members).PATCH(
      request("PATCH", `/api/team/members/${userId}`, { token: by.token, body }),
      { params: Promise.resolve({ userId }) },
    );
  const revocations = async (email: string) =>
    (await getDb()).auditEvent.findMany({ where: { action: "team.invite.revoke", target: email } });

  it.each([
    ["deactivated", { status: "deactivated" }, "sender_deactivated"],
    ["demoted", { role: "rep" }, "sender_demoted"],
  ])(
    "a manager %s: their pending invitations are revoked (audited) and the link makes no one",
    async (_, change, reason) => {
      const org = await organization();
      const [sender, other] = await Promise.all([
        repOf(org.id, "manager"),
        repOf(org.id, "manager"),
      ]);
      const email = address();
      expect((await invite(sender, { email, role: "manager" })).status).toBe(201);
      const token = linkTo(email);
      expect((await patch(other, sender.userId, change)).status).toBe(200);
      expect((await pending(other)).map((i) => i.email)).not.toContain(email);
      const events = await revocations(email);
      expect(events).toHaveLength(1);
      expect(events[0]!.detail).toMatchObject({ reason });
      const refused = await acceptWith(token);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "invitation_invalid" });
      expect(await (await getDb()).user.count({ where: { email } })).toBe(0);
    },
  );

  it("the users CLI's disable revokes the sender's pending invitations too", async () => {
    const { disableAccount } = await import("@/modules/team/lib/account-admin");
    const org = await organization();
    const sender = await repOf(org.id, "manager");
    const email = address();
    expect((await invite(sender, { email, role: "manager" })).status).toBe(201);
    const token = linkTo(email);
    await disableAccount(await getDb(), sender.username);
    const events = await revocations(email);
    expect(events.map((e) => [e.actor, e.detail])).toEqual([
      ["cli", { organizationId: org.id, reason: "sender_deactivated" }],
    ]);
    expect((await acceptWith(token)).status).toBe(400);
  });

  it("accepting re-checks the sender even when nothing revoked the link", async () => {
    const org = await organization();
    const sender = await repOf(org.id, "manager");
    const email = address();
    expect((await invite(sender, { email, role: "manager" })).status).toBe(201);
    const token = linkTo(email);
    // Demoted by a path that does not revoke (a concurrent change, a direct edit): the link is
    // still pending, and accepting it must not make a manager.
    const db = await getDb();
    await db.user.update({ where: { id: sender.userId }, data: { role: "rep" } });
    const refused = await acceptWith(token);
    expect(refused.status).toBe(400);
    expect(await db.user.count({ where: { email } })).toBe(0);
    const row = await db.invitation.findFirstOrThrow({ where: { email } });
    expect(row.revokedAt).not.toBeNull();
  });

  it("an active sender's invitation still works after another manager is demoted", async () => {
    const org = await organization();
    const [sender, other, third] = await Promise.all([
      repOf(org.id, "manager"),
      repOf(org.id, "manager"),
      repOf(org.id, "manager"),
    ]);
    const email = address();
    expect((await invite(sender, { email })).status).toBe(201);
    expect((await patch(third, other.userId, { role: "rep" })).status).toBe(200);
    expect((await acceptWith(linkTo(email))).status).toBe(201);
  });
});
