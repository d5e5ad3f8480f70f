// The console's hold on a team: an operator sees which teams have no manager, invites a
// team's first manager by email (the mailed link makes a manager of that team), and requires
// two-factor sign-in for any team. Reps cannot; unknown teams are 404. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer } from "./email-helpers";

// env is read once at import: the SMTP peer must exist before any app module loads.
const smtp = await startSmtpPeer();
process.env.SMTP_URL = smtp.url;
process.env.APP_URL = "http://app.example.test";
process.env.SMTP_FROM = "DialFlow <no-reply@example.test>";

const { getDb } = await import("@/lib/db/client");
const { createAccount, loginAs, loginOperator, request, uniqueName } = await import("./helpers");
const list = await import("@/app/api/admin/organizations/route");
const one = await import("@/app/api/admin/organizations/[organizationId]/route");
const invite = await import("@/app/api/admin/organizations/[organizationId]/invitations/route");
const accept = await import("@/app/api/auth/invitations/accept/route");

afterAll(() => smtp.close());

let operator: string;
let organizationId: string;
let name: string;
beforeAll(async () => {
  operator = await loginOperator(await createAccount({ admin: true }));
  name = uniqueName("Console Team");
  const created = await list.POST(
    request("POST", "/api/admin/organizations", { token: operator, body: { name } }),
  );
  organizationId = ((await created.json()) as { organization: { id: string } }).organization.id;
});

const params = (id: string) => ({ params: Promise.resolve({ organizationId: id }) });
const inviteAs = (token: string, id: string, body: unknown) =>
  invite.POST(
    request("POST", `/api/admin/organizations/${id}/invitations`, { token, body }),
    params(id),
  );
const summaryOf = async () => {
  const res = await list.GET(request("GET", "/api/admin/organizations", { token: operator }));
  const { organizations } = (await res.json()) as {
    organizations: { id: string; managers: number; requireTwoFactor: boolean }[];
  };
  return organizations.find((o) => o.id === organizationId)!;
};

describe("the console's organizations", () => {
  it("invites a team's first manager, whose link makes them that team's manager", async () => {
    expect(await summaryOf()).toMatchObject({ managers: 0, requireTwoFactor: false });
    const email = `${uniqueName("boss")}@example.com`;
    const bad = await inviteAs(operator, organizationId, { email: "not-an-address" });
    expect(bad.status).toBe(400);
    const res = await inviteAs(operator, organizationId, { email });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ invitation: { email, role: "manager" } });

    const mail = smtp.received.find((m) => m.envelopeTo.includes(email))!;
    expect(mail.parsed.subject).toContain(name);
    const token = /invite\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? "")![1]!;
    const username = uniqueName("boss");
    const accepted = await accept.POST(
      request("POST", "/api/auth/invitations/accept", {
        body: { token, username, password: "pw-correct-horse-1" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(accepted.status).toBe(201);
    const user = await (await getDb()).user.findUniqueOrThrow({ where: { username } });
    expect(user).toMatchObject({ organizationId, role: "manager" });
    expect((await summaryOf()).managers).toBe(1);
  });

  it("requires two-factor sign-in for a team, audited with the operator's name", async () => {
    const res = await one.PATCH(
      request("PATCH", `/api/admin/organizations/${organizationId}`, {
        token: operator,
        body: { requireTwoFactor: true },
      }),
      params(organizationId),
    );
    expect(res.status).toBe(200);
    expect((await summaryOf()).requireTwoFactor).toBe(true);
    const event = await (
      await getDb()
    ).auditEvent.findFirst({ where: { action: "team.require2fa", target: organizationId } });
    expect(event).toMatchObject({ outcome: "success", detail: { requireTwoFactor: true } });
  });

  it("refuses reps, unknown teams and stray fields", async () => {
    const rep = await loginAs(await createAccount());
    expect((await inviteAs(rep, organizationId, { email: "a@example.com" })).status).toBe(401);
    const unknown = crypto.randomUUID();
    const missing = await inviteAs(operator, unknown, { email: "a@example.com" });
    expect(missing.status).toBe(404);
    const stray = await one.PATCH(
      request("PATCH", `/api/admin/organizations/${organizationId}`, {
        token: operator,
        body: { requireTwoFactor: false, name: "renamed" },
      }),
      params(organizationId),
    );
    expect(stray.status).toBe(400);
    const gone = await one.PATCH(
      request("PATCH", `/api/admin/organizations/${unknown}`, {
        token: operator,
        body: { requireTwoFactor: true },
      }),
      params(unknown),
    );
    expect(gone.status).toBe(404);
  });
});
