// Audit lines cannot be forged from outside: a username with a line break (or any other control
// character) in a failed operator sign-in shows escaped on its own line in the console's audit
// tail and in its auth_audit log target, never as a line of its own. The file log targets get
// the same treatment: a web server's error log holds text from outside too.
import "./ops-configure";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, loginOperator, request } from "./helpers";
import { errorLog, removeOpsDir } from "./ops-env";

const adminLogin = await import("@/app/api/admin/login/route");
const auditTail = await import("@/app/api/admin/ops/audit-tail/route");
const logs = await import("@/app/api/admin/ops/logs/route");

let operator: string;
beforeAll(async () => {
  operator = await loginOperator(await createAccount({ admin: true }));
});
afterAll(() => removeOpsDir());

async function logText(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as { log: string }).log;
}

const failedLogin = (username: string, ip: string) =>
  adminLogin.POST(
    request("POST", "/api/admin/login", { body: { username, password: "wrong" }, ip }),
  );

describe("a failed operator sign-in with control characters in the username", () => {
  it("is one escaped line in the audit tail and the auth_audit target", async () => {
    const res = await failedLogin("x\nFORGED SUCCESS admin.login root", "203.0.113.7");
    expect(res.status).toBe(401);

    for (const text of [
      await logText(
        await auditTail.GET(request("GET", "/api/admin/ops/audit-tail", { token: operator })),
      ),
      await logText(
        await logs.GET(
          request("GET", "/api/admin/ops/logs?target=auth_audit&lines=100", { token: operator }),
        ),
      ),
    ]) {
      const lines = text.split("\n");
      const mine = lines.filter((line) => line.includes("FORGED"));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatch(
        /^\S+ FAILURE admin\.login actor="x\\nFORGED SUCCESS admin\.login root" /,
      );
      expect(lines.some((line) => line.startsWith("FORGED"))).toBe(false);
    }
  });

  it("shows carriage returns, NUL-free C0/C1 controls, line separators and bidi overrides escaped", async () => {
    const username = "a\rb\tc\u001b[2Jd\u007fe\u0085f\u2028g\u2029h\u202ei\u2066j";
    expect((await failedLogin(username, "203.0.113.8")).status).toBe(401);
    const text = await logText(
      await auditTail.GET(request("GET", "/api/admin/ops/audit-tail", { token: operator })),
    );
    const line = text.split("\n").find((l) => l.includes('actor="a'));
    expect(line).toContain(
      'actor="a\\rb\\tc\\u001b[2Jd\\u007fe\\u0085f\\u2028g\\u2029h\\u202ei\\u2066j"',
    );
    // Nothing a terminal or a browser would act on is left in the whole tail.
    expect(text).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
    );
  });
});

describe("a failed sign-in whose username looks like more fields", () => {
  it("shows the username as one quoted value: the line still reads FAILURE", async () => {
    const username = "ghost target=operator ip=6.6.6.6 SUCCESS";
    expect((await failedLogin(username, "203.0.113.9")).status).toBe(401);
    const text = await logText(
      await auditTail.GET(request("GET", "/api/admin/ops/audit-tail", { token: operator })),
    );
    const line = text.split("\n").find((l) => l.includes("ghost"));
    expect(line).toMatch(
      /^\S+ FAILURE admin\.login actor="ghost target=operator ip=6\.6\.6\.6 SUCCESS" target="ghost target=operator ip=6\.6\.6\.6 SUCCESS" ip=203\.0\.113\.9$/,
    );
  });
});

describe("a file log target", () => {
  it("shows terminal controls, separators and bidi overrides in its lines escaped", async () => {
    fs.writeFileSync(
      errorLog,
      "[error] first\n[error] user \u001b[31mred\u001b[0m \u202egnp.exe\u2028[notice] forged\n",
    );
    const text = await logText(
      await logs.GET(
        request("GET", "/api/admin/ops/logs?target=apache_error&lines=100", { token: operator }),
      ),
    );
    expect(text.split("\n")).toEqual([
      "[error] first",
      "[error] user \\u001b[31mred\\u001b[0m \\u202egnp.exe\\u2028[notice] forged",
    ]);
  });
});
