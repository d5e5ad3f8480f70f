// Organizations: operators create them in the console and with the users CLI, add a
// rep to one or move a rep between them; a name that is not an organization is refused rather
// than silently replaced by Default, and so is an option the CLI does not know.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  addAccount,
  addOrganization,
  listAccounts,
  moveAccount,
  setAccountRole,
} from "@/modules/team/lib/account-admin";
import { getDb } from "@/lib/db/client";
import { createAccount, loginAs, loginOperator, request, uniqueName } from "./helpers";

const route = await import("@/app/api/admin/organizations/route");
const profile = await import("@/app/api/auth/profile/route");

const password = "pw-correct-horse-1";

describe("organizations in the users CLI's functions", () => {
  it("adds an organization once, and a rep into it", async () => {
    const db = await getDb();
    const name = uniqueName("Acme");
    const org = await addOrganization(db, `  ${name}  `);
    expect(org.name).toBe(name);
    await expect(addOrganization(db, name)).rejects.toThrow(/already exists/);
    await expect(addOrganization(db, "x")).rejects.toThrow(/at least 2/);

    const username = uniqueName();
    await addAccount(db, { username, password, organization: name });
    const user = await db.user.findUniqueOrThrow({ where: { username } });
    expect(user.organizationId).toBe(org.id);
    expect((await listAccounts(db)).find((a) => a.username === username)?.organization).toBe(name);
  });

  it("refuses a username that differs from an existing one only in case or Unicode form", async () => {
    const db = await getDb();
    const username = uniqueName("Lee");
    await addAccount(db, { username, password });
    const fullWidth = username.replace(/[!-~]/g, (c) =>
      String.fromCharCode(c.charCodeAt(0) + 0xfee0),
    );
    for (const variant of [username.toLowerCase(), username.toUpperCase(), fullWidth]) {
      await expect(addAccount(db, { username: variant, password }), variant).rejects.toThrow(
        `An account named ${username} already exists`,
      );
    }
    expect(await db.user.count({ where: { usernameKey: username.toLowerCase() } })).toBe(1);
    // Two at once: the database's unique key lets one through.
    const racing = uniqueName("Race");
    const results = await Promise.allSettled([
      addAccount(db, { username: racing, password }),
      addAccount(db, { username: racing.toUpperCase(), password }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.user.count({ where: { usernameKey: racing.toLowerCase() } })).toBe(1);
  });

  it("refuses an organization that does not exist instead of using Default", async () => {
    const db = await getDb();
    const username = uniqueName();
    await expect(
      addAccount(db, { username, password, organization: uniqueName("Nowhere") }),
    ).rejects.toThrow(/No organization named .* org add/);
    expect(await db.user.findUnique({ where: { username } })).toBeNull();
  });

  it("moves a rep, ending their sessions", async () => {
    const db = await getDb();
    const to = await addOrganization(db, uniqueName("Beta"));
    const account = await createAccount();
    const token = await loginAs(account);
    const res = await moveAccount(db, account.username, to.name);
    expect(res).toMatchObject({ from: "Default", to: to.name, moved: true });
    const user = await db.user.findUniqueOrThrow({ where: { username: account.username } });
    expect(user.organizationId).toBe(to.id);
    const after = await profile.GET(request("GET", "/api/auth/profile", { token }));
    expect(after.status).toBe(401);
    // Moving again changes nothing; unknown names are refused.
    expect(await moveAccount(db, account.username, to.name)).toMatchObject({ moved: false });
    await expect(moveAccount(db, account.username, uniqueName("Nowhere"))).rejects.toThrow(
      /No organization/,
    );
    await expect(moveAccount(db, uniqueName("nobody"), to.name)).rejects.toThrow(/No user/);
  });
});

describe("organizations in the operator console", () => {
  it("an operator lists and creates organizations; a taken name is a conflict", async () => {
    const token = await loginOperator(await createAccount({ admin: true }));
    const name = uniqueName("Console Org");
    const created = await route.POST(
      request("POST", "/api/admin/organizations", { token, body: { name } }),
    );
    expect(created.status).toBe(201);
    const body = (await created.json()) as { organization: { id: string; name: string } };
    expect(body.organization).toMatchObject({ name, users: 0 });

    const again = await route.POST(
      request("POST", "/api/admin/organizations", { token, body: { name } }),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "organization_exists" });
    const bad = await route.POST(
      request("POST", "/api/admin/organizations", { token, body: { name: " " } }),
    );
    expect(bad.status).toBe(400);

    const list = await route.GET(request("GET", "/api/admin/organizations", { token }));
    expect(list.status).toBe(200);
    const { organizations } = (await list.json()) as { organizations: { name: string }[] };
    expect(organizations.map((o) => o.name)).toContain(name);

    const db = await getDb();
    const audit = await db.auditEvent.findFirst({
      where: { action: "organization.add", target: name },
    });
    expect(audit?.outcome).toBe("success");
  });

  it("a rep cannot use the console's organizations", async () => {
    const token = await loginAs(await createAccount());
    const res = await route.POST(
      request("POST", "/api/admin/organizations", { token, body: { name: uniqueName("X") } }),
    );
    expect(res.status).toBe(401);
    expect((await route.GET(request("GET", "/api/admin/organizations", { token }))).status).toBe(
      401,
    );
  });
});

describe("the users CLI's command line", () => {
  it("refuses an option it does not know before anything else, with exit code 2", async () => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "scripts/users.ts",
        "add",
        "jane",
        "--organisation",
        "Acme",
      ],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.stdin.end();
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(err).toContain("Unknown option '--organisation'");
    expect(err).toContain("Usage:");
  }, 60_000);
});

describe("roles from the users CLI's functions", () => {
  it("makes an organization's first member its manager, the next ones reps, unless told", async () => {
    const db = await getDb();
    const org = await addOrganization(db, uniqueName("Gamma"));
    const [first, second, third] = [uniqueName(), uniqueName(), uniqueName()];
    await addAccount(db, { username: first, password, organization: org.name });
    await addAccount(db, { username: second, password, organization: org.name });
    await addAccount(db, { username: third, password, organization: org.name, role: "manager" });
    const roles = await db.user.findMany({
      where: { organizationId: org.id },
      select: { username: true, role: true },
    });
    expect(Object.fromEntries(roles.map((r) => [r.username, r.role]))).toEqual({
      [first]: "manager",
      [second]: "rep",
      [third]: "manager",
    });
  });

  it("makes one manager of two first members added at once", async () => {
    const db = await getDb();
    const org = await addOrganization(db, uniqueName("Epsilon"));
    const names = [uniqueName(), uniqueName(), uniqueName()];
    await Promise.all(
      names.map((username) => addAccount(db, { username, password, organization: org.name })),
    );
    const roles = await db.user.findMany({
      where: { organizationId: org.id },
      select: { role: true },
    });
    expect(roles.map((r) => r.role).sort()).toEqual(["manager", "rep", "rep"]);
  });

  it("changes a role, never leaving an organization without a manager", async () => {
    const db = await getDb();
    const org = await addOrganization(db, uniqueName("Delta"));
    const [boss, rep] = [uniqueName(), uniqueName()];
    await addAccount(db, { username: boss, password, organization: org.name });
    await addAccount(db, { username: rep, password, organization: org.name });
    await expect(setAccountRole(db, boss, "rep")).rejects.toThrow(/last manager/);
    expect(await setAccountRole(db, rep, "manager")).toMatchObject({ role: "manager" });
    expect(await setAccountRole(db, boss, "rep")).toMatchObject({ role: "rep" });
    await expect(setAccountRole(db, uniqueName("nobody"), "rep")).rejects.toThrow(/No user/);
    const audit = await db.auditEvent.findFirst({ where: { action: "team.role", target: boss } });
    expect(audit?.detail).toMatchObject({ from: "manager", to: "rep" });
  });
});
