import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// scripts/serve.mjs answers /api requests with the route handlers directly (scripts/api-routes.mjs),
// without Next's request pipeline. The same production build is started twice on one database:
// with API_DIRECT=off (every request through Next) and as shipped. Every probe must get the same
// answer both ways: status, headers (security headers, cookies, compression) and body.

const port = Number(process.env.E2E_PORT ?? 3100) + 58;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-api-direct-"));

test.afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Answer = {
  name: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the body was framed and encoded: a direct JSON answer goes whole, with its length. */
  framing: Record<string, string>;
};

/** Differs between two runs by nature: dates, connection handling, tokens and ids. */
const volatileHeaders = new Set(["date", "connection", "keep-alive"]);
// Next compresses every JSON answer; the direct dispatch, which knows the length, only those
// above the compression middleware's threshold (1 KiB), as that middleware means it to.
const framingHeaders = new Set(["content-length", "transfer-encoding", "content-encoding"]);

function normalise(name: string, res: Response, body: string): Answer {
  const headers: Record<string, string> = {};
  const framing: Record<string, string> = {};
  for (const [key, value] of res.headers) {
    if (volatileHeaders.has(key)) continue;
    if (framingHeaders.has(key)) {
      framing[key] = value;
      continue;
    }
    // Next adds its App Router request headers to Vary on every answer; a JSON answer does not
    // vary by them (only by Accept-Encoding, which both send).
    headers[key] =
      key === "vary"
        ? value
            .split(/,\s*/)
            .filter((v) => !/^(rsc|next-router-)/i.test(v))
            .join(", ")
        : key === "set-cookie"
          ? value.replace(/=[^;]+/, "=X").replace(/Expires=[^;]+/i, "Expires=X")
          : value;
  }
  return {
    name,
    status: res.status,
    headers,
    body: body.replace(/"(token|expiresAt|id|createdAt)":"[^"]*"/g, '"$1":"X"'),
    framing,
  };
}

async function startServer(apiDirect: "off" | "on") {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    API_DIRECT: apiDirect,
    PUBLIC_PAGE_MEMO: apiDirect,
  };
  delete env.SMTP_URL;
  delete env.PLACES_API_KEY; // demo places: the same answer both times
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok ?? false, {
      timeout: 150_000,
    })
    .toBe(true);
  return {
    log: () => log,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The same requests, in the same order, against whichever server is running. */
async function probe(password: string) {
  const answers: Answer[] = [];
  const send = async (name: string, pathname: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${pathname}`, { redirect: "manual", ...init });
    const body = await res.text();
    answers.push(normalise(name, res, body));
    return body;
  };
  const json = { "content-type": "application/json" };
  const login = await send("login", "/api/auth/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "demo", password }),
  });
  const { token } = JSON.parse(login) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  await send("profile", "/api/auth/profile", { headers: auth });
  await send("profile without a token", "/api/auth/profile");
  await send("profile, a client's peer-address header", "/api/auth/profile", {
    headers: { ...auth, "x-dialflow-socket-ip": "203.0.113.9" },
  });
  await send("query validation", "/api/calls?limit=abc", { headers: auth });
  await send("a list", "/api/calls", { headers: auth });
  await send("a large answer, gzip", "/api/places/search?q=dentists%20in%20Austin", {
    headers: { ...auth, "accept-encoding": "gzip" },
  });
  await send("dynamic segment", "/api/calls/place/ChIJ-test-place", { headers: auth });
  await send("encoded dynamic segment", "/api/do-not-call/%2B15550100123", {
    method: "DELETE",
    headers: auth,
  });
  await send("unknown path", "/api/no-such/route", { headers: auth });
  await send("unknown path, POST", "/api/no-such", { method: "POST", headers: auth });
  await send("malformed JSON", "/api/auth/login", { method: "POST", headers: json, body: "{" });
  await send("wrong password", "/api/auth/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "demo", password: "not-the-password" }),
  });
  // Left to Next: a method the route does not export, HEAD, a trailing slash.
  await send("method not exported", "/api/auth/profile", { method: "DELETE", headers: auth });
  await send("HEAD", "/api/auth/profile", { method: "HEAD", headers: auth });
  await send("trailing slash", "/api/auth/profile/", { headers: auth });
  // The prerendered public pages (scripts/public-pages.mjs answers them from memory for
  // visitors without a session; everything else about them is the proxy's and Next's).
  await send("landing", "/");
  await send("landing again", "/");
  await send("login page, Arabic", "/login", { headers: { cookie: "NEXT_LOCALE=ar" } });
  await send("register page, German, uncompressed", "/register", {
    headers: { cookie: "theme=dark; NEXT_LOCALE=de", "accept-encoding": "identity" },
  });
  await send("landing, gzip", "/", { headers: { "accept-encoding": "gzip" } });
  await send("landing, signed in", "/", { headers: { cookie: `session=${token}` } });
  await send("landing, a forged session", "/", { headers: { cookie: "session=abc" } });
  await send("landing, unknown locale", "/", { headers: { cookie: "NEXT_LOCALE=fr" } });
  await send("landing, query", "/?ref=mail");
  await send("landing, HEAD", "/", { method: "HEAD" });
  await send("landing, client navigation", "/", { headers: { rsc: "1" } });
  await send("logout", "/api/auth/logout", { method: "POST", headers: auth });
  await send("profile after logout", "/api/auth/profile", { headers: auth });
  return answers;
}

test("route handlers and public pages answered directly give the same answers as through Next", async () => {
  test.setTimeout(360_000);
  const viaNext = await startServer("off");
  const password = /username: demo\s+password: (\S+)/.exec(viaNext.log())?.[1];
  expect(password, viaNext.log()).toBeTruthy();
  expect(viaNext.log()).not.toContain("answered directly");
  expect(viaNext.log()).not.toContain("answered from memory");
  const throughNext = await probe(password!);
  await viaNext.stop();

  const direct = await startServer("on");
  expect(direct.log()).toMatch(/API: \d{2,} route handlers answered directly/);
  expect(direct.log()).toContain("Public pages: answered from memory");
  const answered = await probe(password!);
  await direct.stop();

  expect(answered.map((a) => `${a.name}: ${a.status}`)).toEqual(
    throughNext.map((a) => `${a.name}: ${a.status}`),
  );
  const unframed = (answers: Answer[]) => answers.map(({ framing: _, ...rest }) => rest);
  expect(unframed(answered)).toEqual(unframed(throughNext));
  // The probes mean something: the security headers and statuses the routes are known for.
  const byName = Object.fromEntries(answered.map((a) => [a.name, a]));
  expect(byName["profile"]!.status).toBe(200);
  expect(byName["profile"]!.headers["content-security-policy"]).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(byName["profile"]!.headers["x-content-type-options"]).toBe("nosniff");
  // A JSON answer goes out in one piece, with its length (Next streams it chunked).
  expect(byName["profile"]!.framing).toEqual({
    "content-length": String(Buffer.byteLength(byName["profile"]!.body)),
  });
  // Above 1 KiB it is compressed as Next compresses it.
  expect(byName["a large answer, gzip"]!.status).toBe(200);
  expect(byName["a large answer, gzip"]!.body.length).toBeGreaterThan(1024);
  expect(byName["a large answer, gzip"]!.framing).toEqual({
    "content-encoding": "gzip",
    "transfer-encoding": "chunked",
  });
  expect(byName["login"]!.headers["set-cookie"]).toContain("HttpOnly");
  expect(byName["unknown path"]!.status).toBe(404);
  expect(byName["query validation"]!.status).toBe(400);
  expect(byName["profile after logout"]!.status).toBe(401);
  expect(byName["landing"]!.status).toBe(200);
  expect(byName["landing"]!.headers["content-security-policy"]).toMatch(
    /script-src 'self' 'sha256-/,
  );
  expect(byName["landing, gzip"]!.framing["content-encoding"]).toBe("gzip");
  expect(byName["login page, Arabic"]!.body).toContain('dir="rtl"');
  expect(byName["register page, German, uncompressed"]!.body).toContain('lang="de"');
  expect(byName["landing, signed in"]!.status).toBe(307);
  // Every answer there varies by cookie: no shared cache may keep one (scripts/public-pages.mjs).
  for (const name of ["landing", "landing, gzip", "login page, Arabic", "landing, signed in"]) {
    expect(byName[name]!.headers["cache-control"], name).toBe("private, no-cache");
    expect(byName[name]!.headers["vary"], name).toMatch(/\bCookie\b/);
  }
});
