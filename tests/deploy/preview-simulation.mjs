// npm run test:deploy: a Vercel-style preview, simulated on this machine. On a fresh PostgreSQL
// database: `npm run build` applies the migrations (and seeds the demo accounts with SEED_DEMO=1,
// printing no secret); then serverless instances (RUNTIME=serverless, APP_ENV=preview, DATA_DIR
// unset) start as separate processes from a read-only project directory (a read-only bind mount
// in a private mount namespace, since root ignores permission bits) and none migrates; the rep
// flow passes across instances (login, profile, verification mail to an SMTP peer in this
// process, Targets against the Places peer, a call recording uploaded to one instance and played
// from another through an S3-compatible peer); the cron route is called twice at once. Also: two
// racing migrations on one database, the refusal without SMTP_URL and RECORDING_S3_BUCKET, a cold
// start on an unmigrated database, and a long-running server that still migrates at start.
// Ports: DEPLOY_TEST_PORT (default 3260) up to +9. NEXT_DIST_DIR: .next-deploy-test.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import smtpServer from "smtp-server";
import { startPlacesPeer } from "../peers/places-peer.mjs";

const root = process.cwd();
const basePort = Number(process.env.DEPLOY_TEST_PORT ?? 3260);
const distDir = process.env.DEPLOY_TEST_DIST_DIR ?? ".next-deploy-test";
const pgHost = process.env.PGHOST ?? "127.0.0.1";
const pgPort = process.env.PGPORT ?? "5432";
const pgUser = process.env.PGUSER ?? "postgres";
const stamp = `${Date.now().toString(36)}_${process.pid}`;
const databases = [];
const children = new Set();
const started = Date.now();

const demoPassword = `demo-${stamp}-Pw!9`;
const authSecret = `auth-secret-${stamp}-0123456789abcdef0123456789`;
const cronSecret = `cron-secret-${stamp}-abcdef`;

function step(title) {
  console.log(`\n--- ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

function pgArgs() {
  return ["-h", pgHost, "-p", pgPort, "-U", pgUser];
}
const urlOf = (db) => `postgres://${pgUser}@${pgHost}:${pgPort}/${db}`;

function createDatabase(label) {
  const name = `dialflow_deploy_${label}_${stamp}`;
  const res = spawnSync("createdb", [...pgArgs(), name], { encoding: "utf8" });
  assert.equal(res.status, 0, `createdb ${name}: ${res.stderr}`);
  databases.push(name);
  return name;
}

async function query(db, sql, params = []) {
  const client = new pg.Client({ connectionString: urlOf(db) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The environment of a deployment: nothing inherited that could point at a data directory. */
function deploymentEnv(extra) {
  const env = {};
  for (const key of ["PATH", "HOME", "LANG", "TZ", "CI", "TMPDIR"]) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir, ...extra };
}

/** Runs a command to its end; resolves with its status and the whole output. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => resolve({ status: code, out }));
  });
}

// A private mount namespace in which the project directory is read-only, as on a serverless
// platform's file system (only /tmp stays writable). `unshare -m` needs root; without root, a
// user namespace mapping us to root (`unshare -r -m`) allows the same where the kernel permits.
const roScript = `mount --bind -o ro "$0" "$0" && ! touch "$0/.ro-probe" 2>/dev/null`;
const roProbe = (flags) =>
  spawnSync("unshare", [...flags, "sh", "-c", roScript, root], { encoding: "utf8" });
const unshareFlags = [["-m"], ["-r", "-m"]].find((flags) => roProbe(flags).status === 0);
const readOnly = unshareFlags !== undefined;

/**
 * Starts a server from the build (in the read-only namespace when available): as the platform
 * runs it, `next start` ("platform", the default), or as the container does, `node
 * scripts/start.mjs` ("container").
 */
function startServer(name, port, extraEnv, shape = "platform") {
  const env = deploymentEnv({ PORT: String(port), HOST: "127.0.0.1", ...extraEnv });
  const node =
    shape === "container"
      ? [process.execPath, "scripts/start.mjs"]
      : [
          process.execPath,
          path.join(root, "node_modules/next/dist/bin/next"),
          "start",
          "--port",
          String(port),
          "--hostname",
          "127.0.0.1",
        ];
  const [cmd, args] = readOnly
    ? [
        "unshare",
        [...unshareFlags, "sh", "-c", 'mount --bind -o ro "$0" "$0" && exec "$@"', root, ...node],
      ]
    : [node[0], node.slice(1)];
  // setsid: the server and its namespace helper form one group, stopped together.
  const child = spawn("setsid", [cmd, ...args], {
    env,
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let log = "";
  child.stdout.on("data", (c) => (log += c));
  child.stderr.on("data", (c) => (log += c));
  const exited = new Promise((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { name, base: `http://127.0.0.1:${port}`, child, exited, log: () => log };
}

async function waitHealthy(server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${server.name} did not become healthy:\n${server.log()}`);
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  try {
    process.kill(-server.child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, 12_000);
  await server.exited;
  clearTimeout(timer);
}

async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// A real SMTP peer in this process; each message's envelope recipients and raw text are kept.
function startMailbox() {
  const messages = [];
  const waiters = [];
  const server = new smtpServer.SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c) => (raw += c));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `smtp://127.0.0.1:${server.server.address().port}`,
        messages,
        async next(count) {
          while (messages.length < count) {
            await withTimeout(new Promise((r) => waiters.push(r)), 20_000, "verification mail");
          }
          return messages[count - 1];
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

// The recording store's peer: s3rver speaks the S3 REST protocol, as R2 or MinIO would, so the
// instances run the same S3 client code as on the platform; only the endpoint differs.
async function startObjectStore() {
  const bucket = "dialflow-deploy-recordings";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-deploy-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    bucket,
    directory,
    env: {
      RECORDING_S3_BUCKET: bucket,
      RECORDING_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      RECORDING_S3_ACCESS_KEY_ID: "S3RVER",
      RECORDING_S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` (s3rver keeps each object as files there). */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 200) };
  }
}

async function main() {
  const ready = spawnSync("pg_isready", pgArgs(), { encoding: "utf8" });
  if (ready.status !== 0) {
    if (process.env.CI) throw new Error(`PostgreSQL is not reachable at ${pgHost}:${pgPort}`);
    console.warn(`Deploy simulation not run: no PostgreSQL at ${pgHost}:${pgPort} (CI has one).`);
    return;
  }
  if (!readOnly) {
    const why = roProbe(["-m"]).stderr.trim() || "not permitted";
    if (process.env.CI) throw new Error(`read-only bind mount not permitted here: ${why}`);
    console.warn(`Read-only project directory not simulated (unshare -m: ${why}).`);
  }

  const mailbox = await startMailbox();
  const peer = await startPlacesPeer({ port: basePort + 9, apiKey: "deploy-test-places-key" });
  const objectStore = await startObjectStore();
  try {
    await simulate(mailbox, peer, objectStore);
  } finally {
    await mailbox.close();
    await peer.close();
    await objectStore.close();
  }
}

async function simulate(mailbox, peer, objectStore) {
  const migrationCount = fs
    .readdirSync("prisma/migrations", { withFileTypes: true })
    .filter((e) => e.isDirectory()).length;

  step("two builds racing on one database: exactly one applies the migrations");
  const raceDb = createDatabase("race");
  const migrateOnly = ["--conditions=react-server", "--import", "tsx", "scripts/db-deploy.ts"];
  const raceEnv = deploymentEnv({
    DATABASE_URL: urlOf(raceDb),
    NODE_ENV: "production",
    AUTH_SECRET: authSecret,
  });
  const racers = await Promise.all([
    run(process.execPath, migrateOnly, raceEnv),
    run(process.execPath, migrateOnly, raceEnv),
  ]);
  for (const r of racers) assert.equal(r.status, 0, r.out);
  const applied = racers.filter((r) => r.out.includes("Migrations applied:"));
  assert.equal(applied.length, 1, racers.map((r) => r.out).join("\n----\n"));
  assert.equal(
    racers.filter((r) => r.out.includes("the database is up to date")).length,
    1,
    racers.map((r) => r.out).join("\n----\n"),
  );
  const raceRows = await query(
    raceDb,
    `SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1`,
  );
  assert.equal(raceRows.length, migrationCount);
  assert.ok(raceRows.every((r) => r.n === 1));

  step("npm run build on a fresh database: migrations and demo accounts, no secret in the log");
  const db = createDatabase("preview");
  const shared = {
    NODE_ENV: "production",
    RUNTIME: "serverless",
    APP_ENV: "preview",
    DATABASE_URL: urlOf(db),
    AUTH_SECRET: authSecret,
    SEED_DEMO: "1",
    DEMO_PASSWORD: demoPassword,
  };
  // DEPLOY_TEST_KEEP_BUILD=1 (while working on this test): keep the build between runs and, when
  // one exists, run only the build's database step.
  const reuse = process.env.DEPLOY_TEST_KEEP_BUILD && fs.existsSync(path.join(distDir, "BUILD_ID"));
  const build = reuse
    ? await run(process.execPath, migrateOnly, deploymentEnv(shared))
    : await run("npm", ["run", "--silent", "build"], deploymentEnv(shared));
  assert.equal(build.status, 0, build.out);
  assert.match(build.out, /Migrations applied: /);
  assert.match(
    build.out,
    /Demo accounts created: rep "demo", manager "manager", operator "operator"/,
  );
  for (const secret of [demoPassword, authSecret]) {
    assert.ok(!build.out.includes(secret), "a secret was printed into the build log");
  }
  assert.ok(fs.existsSync(path.join(distDir, "BUILD_ID")));
  const migrationsAfterBuild = await query(
    db,
    `SELECT count(*)::int AS n, max(finished_at) AS last FROM _prisma_migrations`,
  );
  assert.equal(migrationsAfterBuild[0].n, migrationCount);

  step(`serverless instances from a ${readOnly ? "read-only" : "writable (!)"} project directory`);
  const runtimeEnv = {
    ...shared,
    SEED_DEMO: "0",
    SMTP_URL: mailbox.url,
    CRON_SECRET: cronSecret,
    PLACES_API_KEY: peer.apiKey,
    PLACES_API_BASE_URL: peer.url,
    ...objectStore.env,
    LOG_LEVEL: "info",
  };
  const a = startServer("instance A", basePort, {
    ...runtimeEnv,
    APP_URL: `http://127.0.0.1:${basePort}`,
  });
  const b = startServer("instance B", basePort + 1, runtimeEnv);
  await Promise.all([waitHealthy(a), waitHealthy(b)]);

  step("rep flow: login, profile, verification mail, Targets (across instances)");
  const login = await fetch(`${a.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: demoPassword }),
  });
  assert.equal(login.status, 200, JSON.stringify(await json(login.clone())));
  const { token } = await login.json();
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("session="));
  assert.ok(cookie, "login sets the session cookie");
  // Host-only: no Domain attribute, so the cookie never reaches other previews of the same domain.
  assert.doesNotMatch(cookie, /;\s*domain=/i);
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=lax/i);
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  const page = await fetch(`${b.base}/app`, { headers: { cookie: cookie.split(";")[0] } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /data-testid="preview-badge"/, "the app shell shows the Preview badge");

  const profile = await json(await fetch(`${b.base}/api/auth/profile`, { headers: auth }));
  assert.equal(profile.emailVerified, false);

  // A preview never mails a real domain unless MAIL_ALLOWED_DOMAINS names it.
  const real = await fetch(`${b.base}/api/auth/email/verify-request`, {
    method: "POST",
    headers: auth,
    // A new address asks for the current password (step-up for account changes).
    body: JSON.stringify({ email: `someone-${stamp}@gmail.com`, password: demoPassword }),
  });
  assert.equal(real.status, 403);
  assert.equal((await real.json()).code, "email_domain_not_allowed");
  assert.equal(mailbox.messages.length, 0, "no mail went to the real domain");

  const email = `rep-${stamp}@example.com`;
  const request = await fetch(`${a.base}/api/auth/email/verify-request`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ email, password: demoPassword }),
  });
  assert.equal(request.status, 200, JSON.stringify(await json(request.clone())));
  const mail = await mailbox.next(1);
  assert.deepEqual(mail.to, [email]);
  const unfolded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
  assert.ok(link, "the mail carries a verification link");
  assert.ok(link[0].startsWith(`http://127.0.0.1:${basePort}/`), link[0]);
  const complete = await fetch(`${b.base}/api/auth/email/verify-complete`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: link[1] }),
  });
  assert.equal(complete.status, 200, JSON.stringify(await json(complete.clone())));
  const verified = await json(await fetch(`${a.base}/api/auth/profile`, { headers: auth }));
  assert.deepEqual(verified, { email, emailVerified: true });

  const search = await fetch(`${b.base}/api/places/search?q=${encodeURIComponent("dentists")}`, {
    headers: auth,
  });
  assert.equal(search.status, 200, JSON.stringify(await json(search.clone())));
  const places = await search.json();
  assert.equal(places.demo, false);
  assert.ok(places.places.length > 0);
  assert.ok(peer.state.requests.some((r) => r.kind === "search" && r.hasKey));
  const details = await fetch(
    `${a.base}/api/places/${encodeURIComponent(places.places[0].place_id)}`,
    {
      headers: auth,
    },
  );
  assert.equal(details.status, 200);

  step("call recording: settings on one instance, upload across both, playback from the bucket");
  const team = await json(await fetch(`${a.base}/api/team/recording`, { headers: auth }));
  assert.equal(team.mode, "on_request", JSON.stringify(team));
  const callId = crypto.randomUUID();
  const call = await fetch(`${a.base}/api/calls/${callId}`, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify({
      dialedDigits: "+12125550123",
      startedAt: new Date(Date.now() - 60_000).toISOString(),
    }),
  });
  assert.equal(call.status, 201, JSON.stringify(await json(call.clone())));
  const recordingId = crypto.randomUUID();
  const opened = await fetch(`${a.base}/api/recordings/${recordingId}`, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify({ callId, mimeType: "audio/webm;codecs=opus" }),
  });
  assert.equal(opened.status, 201, JSON.stringify(await json(opened.clone())));
  // Chunk 0 starts like a WebM file (the server checks the first bytes); chunk 1 is any bytes.
  const chunks = [3000, 2000].map((size, i) => {
    const out = Buffer.alloc(size);
    for (let j = 0; j < size; j++) out[j] = (i * 31 + j * 7) & 0xff;
    if (i === 0) out.set([0x1a, 0x45, 0xdf, 0xa3], 0);
    return out;
  });
  for (const [i, chunk] of chunks.entries()) {
    const put = await fetch(`${[a, b][i].base}/api/recordings/${recordingId}/chunks/${i}`, {
      method: "PUT",
      headers: {
        authorization: auth.authorization,
        "content-type": "application/octet-stream",
        "x-chunk-sha256": crypto.createHash("sha256").update(chunk).digest("hex"),
      },
      body: chunk,
    });
    assert.equal(put.status, 201, JSON.stringify(await json(put.clone())));
  }
  const finished = await fetch(`${b.base}/api/recordings/${recordingId}/finish`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ chunkCount: 2, durationMs: 4000 }),
  });
  assert.equal(finished.status, 200, JSON.stringify(await json(finished.clone())));
  const whole = Buffer.concat(chunks);
  const played = await fetch(`${a.base}/api/recordings/${recordingId}/audio`, {
    headers: { authorization: auth.authorization },
  });
  assert.equal(played.status, 200, JSON.stringify(await json(played.clone())));
  assert.ok(whole.equals(Buffer.from(await played.arrayBuffer())), "playback = the chunks");
  const ranged = await fetch(`${b.base}/api/recordings/${recordingId}/audio`, {
    headers: { authorization: auth.authorization, range: "bytes=2990-3009" },
  });
  assert.equal(ranged.status, 206);
  assert.ok(whole.subarray(2990, 3010).equals(Buffer.from(await ranged.arrayBuffer())));
  // The audio is in the bucket, not on an instance's disk (its /tmp dies with it).
  const stored = filesUnder(objectStore.directory).filter((f) => f.includes(recordingId));
  assert.ok(stored.length >= 2, `no recording objects in the bucket: ${stored.join(", ")}`);

  step("sign-in throttling as the platform serves it: no forged address, no shared one");
  // `next start` has no socket address to offer: a header a client forges must not give it a
  // fresh counter per value, and wrong guesses must not lock an account for every client.
  const operatorLogin = (password, forged) =>
    fetch(`${a.base}/api/admin/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(forged ? { "x-dialflow-socket-ip": forged, "x-forwarded-for": forged } : {}),
      },
      body: JSON.stringify({ username: "operator", password }),
    });
  for (let i = 0; i < 5; i++) assert.equal((await operatorLogin("wrong-password")).status, 401);
  assert.equal((await operatorLogin(demoPassword)).status, 200, "five guesses locked everyone out");
  for (let i = 0; i < 10; i++) {
    assert.equal((await operatorLogin("wrong-password", `10.77.0.${i + 1}`)).status, 401);
  }
  const locked = await operatorLogin(demoPassword, "10.77.0.200");
  assert.equal(locked.status, 429, "forged addresses gave fresh counters");
  assert.equal(locked.headers.get("retry-after"), "1");

  step("public pages: scripts allowed by build-time hashes, never kept by a shared cache");
  const loginPage = await fetch(`${b.base}/login`);
  assert.equal(loginPage.status, 200);
  const csp = loginPage.headers.get("content-security-policy") ?? "";
  assert.match(csp, /script-src 'self' 'sha256-/, csp);
  assert.match(loginPage.headers.get("cache-control") ?? "", /private/);

  step("cron route: refused without the secret, two concurrent calls prune each row once");
  assert.equal((await fetch(`${a.base}/api/cron/housekeeping`)).status, 401);
  const wrong = await fetch(`${a.base}/api/cron/housekeeping`, {
    headers: { authorization: "Bearer not-the-secret" },
  });
  assert.equal(wrong.status, 401);
  await query(
    db,
    `INSERT INTO "AuditEvent" (actor, action, outcome, at)
     SELECT 'deploy-test', 'test.old', 'success', now() - interval '120 days' FROM generate_series(1, 25)`,
  );
  const cron = { authorization: `Bearer ${cronSecret}` };
  const [first, second] = await Promise.all([
    fetch(`${a.base}/api/cron/housekeeping`, { headers: cron }),
    fetch(`${b.base}/api/cron/housekeeping`, { headers: cron }),
  ]);
  assert.equal(first.status, 200);
  assert.equal(second.status, 200);
  const [r1, r2] = [await first.json(), await second.json()];
  assert.equal(r1.pruned.audit + r2.pruned.audit, 25, JSON.stringify([r1, r2]));
  const left = await query(
    db,
    `SELECT count(*)::int AS n FROM "AuditEvent" WHERE actor = 'deploy-test'`,
  );
  assert.equal(left[0].n, 0);
  const again = await (await fetch(`${a.base}/api/cron/housekeeping`, { headers: cron })).json();
  assert.equal(again.pruned.audit, 0, "idempotent: nothing left to prune");

  step("a third cold start on the same database; none of the instances migrated");
  await stopServer(a);
  const c = startServer("instance C", basePort + 2, runtimeEnv);
  await waitHealthy(c);
  const relogin = await fetch(`${c.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: demoPassword }),
  });
  assert.equal(relogin.status, 200);
  await Promise.all([stopServer(b), stopServer(c)]);
  const migrationsNow = await query(
    db,
    `SELECT count(*)::int AS n, max(finished_at) AS last FROM _prisma_migrations`,
  );
  assert.deepEqual(migrationsNow, migrationsAfterBuild);
  for (const s of [a, b, c]) {
    assert.doesNotMatch(s.log(), /applied migrations/, `${s.name} migrated:\n${s.log()}`);
    assert.match(s.log(), /database ready/);
    assert.doesNotMatch(s.log(), /EROFS|read-only file system/i, `${s.name}:\n${s.log()}`);
  }

  step("serverless refusals: missing settings, unmigrated database");
  const noSmtp = startServer("no SMTP_URL, no RECORDING_S3_BUCKET", basePort + 3, {
    NODE_ENV: "production",
    VERCEL: "1",
    VERCEL_ENV: "preview",
    DATABASE_URL: urlOf(db),
    AUTH_SECRET: authSecret,
  });
  assert.equal(await withTimeout(noSmtp.exited, 60_000, "refusal"), 1, noSmtp.log());
  const refusal = noSmtp
    .log()
    .split("\n")
    .filter((l) => l.includes("Refusing to start"));
  assert.equal(refusal.length, 1, noSmtp.log());
  assert.match(refusal[0], /VERCEL=1/);
  assert.match(refusal[0], /Missing: SMTP_URL, RECORDING_S3_BUCKET\./);

  const emptyDb = createDatabase("empty");
  const cold = startServer("cold start on an empty database", basePort + 4, {
    ...runtimeEnv,
    DATABASE_URL: urlOf(emptyDb),
  });
  assert.equal(await withTimeout(cold.exited, 60_000, "unmigrated refusal"), 1, cold.log());
  assert.match(cold.log(), /the database has no schema/);
  const tables = await query(
    emptyDb,
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  assert.equal(tables[0].n, 0, "a serverless cold start created tables");

  step("a bad configuration stops any start in one line naming every bad setting");
  for (const [label, shape, extra, names] of [
    [
      "no AUTH_SECRET",
      "container",
      { DATABASE_URL: urlOf(emptyDb), SMTP_URL: mailbox.url },
      ["AUTH_SECRET"],
    ],
    [
      "a short CRON_SECRET and a bad port",
      "platform",
      {
        CRON_SECRET: "short",
        DATA_DIR: fs.mkdtempSync("/tmp/dialflow-deploy-bad-"),
        HOUSEKEEPING_BATCH: "0",
      },
      ["CRON_SECRET", "HOUSEKEEPING_BATCH"],
    ],
  ]) {
    const bad = startServer(label, basePort + 6, { NODE_ENV: "production", ...extra }, shape);
    assert.equal(await withTimeout(bad.exited, 60_000, label), 1, bad.log());
    const lines = bad
      .log()
      .split("\n")
      .filter((l) => l.includes("Refusing to start"));
    assert.equal(lines.length, 1, bad.log());
    for (const name of names) assert.match(lines[0], new RegExp(name), bad.log());
    assert.doesNotMatch(bad.log(), /\n\s+at /, `a stack trace was printed:\n${bad.log()}`);
  }

  step("the long-running server still migrates at start (same build, same empty database)");
  const long = startServer(
    "long-running server",
    basePort + 5,
    {
      NODE_ENV: "production",
      DATABASE_URL: urlOf(emptyDb),
      AUTH_SECRET: authSecret,
      DATA_DIR: fs.mkdtempSync("/tmp/dialflow-deploy-long-"),
    },
    "container",
  );
  await waitHealthy(long);
  await stopServer(long);
  assert.match(long.log(), /applied migrations/, long.log());
  const migrated = await query(emptyDb, `SELECT count(*)::int AS n FROM _prisma_migrations`);
  assert.equal(migrated[0].n, migrationCount);
}

async function cleanup() {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const name of databases) {
    spawnSync("dropdb", [...pgArgs(), "--if-exists", "--force", name]);
  }
  if (!process.env.DEPLOY_TEST_KEEP_BUILD) fs.rmSync(distDir, { recursive: true, force: true });
}

try {
  await main();
  console.log(`\nDeploy simulation passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  await cleanup();
  process.exit(0);
} catch (err) {
  console.error(`\nDeploy simulation failed: ${err?.stack ?? err}`);
  await cleanup();
  process.exit(1);
}
