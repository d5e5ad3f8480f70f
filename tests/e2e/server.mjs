// Serves the production build for Playwright on a fresh embedded database, with the e2e
// accounts created first (what the users CLI calls, in one process: create-accounts.ts).
// E2E_SERVE: see below.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import smtpServer from "smtp-server";
import { tsImport } from "tsx/esm/api";
import { startPlacesPeer } from "../peers/places-peer.mjs";
import { startSipPeer } from "../peers/sip-peer.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-e2e-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
};

// The accounts and teams, made in one process by tests/e2e/create-accounts.ts (what the users CLI
// calls) before the server opens the database. Steps run in order.
const accountSteps = [];
function addAccount(username, password, admin, extra = {}) {
  accountSteps.push({ username, password, admin, ...extra });
}
function createAccounts() {
  const res = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/e2e/create-accounts.ts"],
    { env, input: JSON.stringify(accountSteps), encoding: "utf8" },
  );
  if (res.status !== 0) {
    console.error(res.stdout, res.stderr);
    process.exit(1);
  }
}
// A real SMTP peer in this process: the app mails over SMTP_URL exactly as in production, and
// each message lands raw in E2E_MAILBOX_DIR (with its envelope beside it) for the specs to read.
async function startMailbox(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new smtpServer.SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const name = path.join(dir, `${Date.now()}-${String(++count).padStart(4, "0")}.eml`);
        const to = session.envelope.rcptTo.map((r) => r.address);
        fs.writeFileSync(`${name}.json`, JSON.stringify({ to }));
        fs.writeFileSync(name, Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `smtp://127.0.0.1:${server.server.address().port}`;
}
if (process.env.E2E_MAILBOX_DIR) {
  env.SMTP_URL = await startMailbox(process.env.E2E_MAILBOX_DIR);
  env.APP_URL ??= `http://127.0.0.1:${process.env.PORT}`;
}

// A Places API (New) peer on PORT + 1000: the app calls it with PLACES_API_KEY exactly as it
// would call Google; the specs steer it (failures, latency) through its /__peer endpoint.
// Small realistic latencies so that "enriching" is visible and the flow is timed as in life.
const placesPeer = await startPlacesPeer({
  port: Number(process.env.PORT) + 1000,
  apiKey: "e2e-places-key",
  searchDelayMs: 120,
  detailsDelayMs: 60,
  jitterMs: 60,
});
env.PLACES_API_KEY = placesPeer.apiKey;
env.PLACES_API_BASE_URL = placesPeer.url;
// The specs search many times a minute with one rep.
env.PLACES_SEARCH_PER_MINUTE ??= "300";
env.PLACES_DETAILS_PER_MINUTE ??= "5000";
// A team's phone line: the SIP-over-WebSocket test peer on PORT + 2000 (ws:// for SIP, http://
// for its control API). No organization uses it until a spec saves a line pointing at it through
// the console (tests/e2e/sip-fixture.ts, which removes it again). Like a team's edge it knows the
// line's shared secret, and only that: it accepts the time-limited credentials the app mints from
// it, challenges every INVITE, and refuses one without an X-DialFlow-Authorization signed with it
// for the number dialed, by this rep, used once (checked with the app's own verifier, the one
// docs/telephony.md gives edges). The app's environment gets nothing of this.
const e2eLineSecret = "dialflow-e2e-line-secret-2f9c"; // = e2eLineSecret in tests/e2e/sip-line.ts
const { verifyCallAuthorization } = await tsImport(
  "../../modules/telephony/lib/call-authorization.ts",
  import.meta.url,
);
const usedAuthorizations = new Map();
await startSipPeer({
  port: Number(process.env.PORT) + 2000,
  host: "127.0.0.1",
  sharedSecret: e2eLineSecret,
  challengeInvite: true,
  // Reasons thrown here land in the peer's call record (authorizationError) for the specs.
  async requireAuthorization(token, number, fromUser, { callId, assertedIdentity }) {
    if (!token) throw new Error("no call authorization");
    const verdict = await verifyCallAuthorization(token, e2eLineSecret, number);
    // As the edge does: a genuine token is spent at its first use, even for the wrong number.
    if (!verdict.ok && verdict.reason === "number_mismatch") {
      usedAuthorizations.set(verdict.jti, callId);
    }
    if (!verdict.ok) throw new Error(`call authorization refused: ${verdict.reason}`);
    if (verdict.claims.rep !== fromUser) {
      throw new Error(`call authorization is ${verdict.claims.rep}'s, not ${fromUser}'s`);
    }
    // As docs/telephony.md tells an edge: a P-Asserted-Identity other than the signed caller ID is
    // refused here (a real edge may instead replace it with the claim).
    const asserted = assertedIdentity?.match(/^<?(?:sips?|tel):([^@;>]+)/i)?.[1] ?? null;
    if (assertedIdentity !== null && asserted !== verdict.claims.callerId) {
      throw new Error(`caller ID ${asserted} is not the authorised ${verdict.claims.callerId}`);
    }
    const firstUse = usedAuthorizations.get(verdict.claims.jti);
    if (firstUse && firstUse !== callId) throw new Error("call authorization used twice");
    usedAuthorizations.set(verdict.claims.jti, callId);
    return true;
  },
});

// Report specs extract many CSVs a minute with one rep.
env.REPORT_EXPORTS_PER_MINUTE ??= "120";
// A maps key, so the map popup requests the Maps script; the specs intercept that request
// (tests/e2e/maps-stub.ts), and an unintercepted one simply fails offline.
env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY ??= "e2e-maps-key";

// The operator console against stand-ins: a systemctl stub that records its argv (the specs
// read E2E_OPS_DIR/systemctl-calls.jsonl), two log files, and a stub build and deploy that write
// into a staging directory.
if (process.env.E2E_OPS_DIR) {
  const ops = process.env.E2E_OPS_DIR;
  fs.rmSync(ops, { recursive: true, force: true });
  fs.mkdirSync(ops, { recursive: true });
  const stub = path.join(ops, "systemctl");
  fs.copyFileSync("tests/fixtures/systemctl-stub.cjs", stub);
  fs.chmodSync(stub, 0o755);
  fs.writeFileSync(
    path.join(ops, "systemctl-state.json"),
    JSON.stringify({ "apache2.service": "active" }),
  );
  const lines = (prefix, n) =>
    Array.from({ length: n }, (_, i) => `${prefix} line ${String(i + 1).padStart(4, "0")}`).join(
      "\n",
    ) + "\n";
  fs.writeFileSync(path.join(ops, "error.log"), lines("[error] e2e apache error", 600));
  fs.writeFileSync(
    path.join(ops, "access.log"),
    lines('127.0.0.1 "GET /e2e HTTP/1.1" 200 access', 600),
  );
  Object.assign(env, {
    OPS_SYSTEMCTL: stub,
    OPS_LOG_APACHE_ERROR: path.join(ops, "error.log"),
    OPS_LOG_APACHE_ACCESS: path.join(ops, "access.log"),
    OPS_BACKUP_DIR: path.join(ops, "backups"),
    OPS_BUILD_DIST_DIR: path.join(ops, "staging"),
    OPS_BUILD_COMMAND: JSON.stringify(["node", path.resolve("tests/fixtures/build-stub.cjs")]),
    OPS_DEPLOY_COMMAND: JSON.stringify(["node", "-e", "console.log('deployed')"]),
    BUILD_STUB_MS: "2500",
    SOURCE_COMMIT: "e2e0000",
  });
}

addAccount(process.env.E2E_USER, process.env.E2E_USER_PASSWORD, false);
addAccount(process.env.E2E_OPERATOR, process.env.E2E_OPERATOR_PASSWORD, true);
// A second rep of the same team (the benchmarks that start this server may leave it out).
if (process.env.E2E_COLLEAGUE)
  addAccount(process.env.E2E_COLLEAGUE, process.env.E2E_COLLEAGUE_PASSWORD, false);
// The accounts only their own specs use (password change, two-factor, deactivation): the benchmarks that start
// this server do not name them.
if (process.env.E2E_SECURITY)
  addAccount(process.env.E2E_SECURITY, process.env.E2E_SECURITY_PASSWORD, false);
if (process.env.E2E_TWOFACTOR)
  addAccount(process.env.E2E_TWOFACTOR, process.env.E2E_TWOFACTOR_PASSWORD, false);
if (process.env.E2E_MEMBER)
  addAccount(process.env.E2E_MEMBER, process.env.E2E_MEMBER_PASSWORD, false);
if (process.env.E2E_SECURE_OPERATOR)
  addAccount(process.env.E2E_SECURE_OPERATOR, process.env.E2E_SECURE_OPERATOR_PASSWORD, true);
// An organization of its own whose manager requires two-factor sign-in, so that no
// other spec's rep is asked to set it up: only tests/e2e/required-two-factor.spec.ts uses it.
if (process.env.E2E_SECURE_MANAGER) {
  accountSteps.push({ organization: "E2E Secure" });
  const organization = "E2E Secure";
  addAccount(process.env.E2E_SECURE_MANAGER, process.env.E2E_SECURE_MANAGER_PASSWORD, false, {
    organization,
    role: "manager",
  });
  addAccount(process.env.E2E_SECURE_REP, process.env.E2E_SECURE_REP_PASSWORD, false, {
    organization,
  });
}

// A second team's manager (no two-factor): tests/e2e/call-monitoring.spec.ts checks that they
// cannot monitor this team's calls.
if (process.env.E2E_OTHER_MANAGER) {
  accountSteps.push({ organization: "E2E Other" });
  addAccount(process.env.E2E_OTHER_MANAGER, process.env.E2E_OTHER_MANAGER_PASSWORD, false, {
    organization: "E2E Other",
    role: "manager",
  });
}
createAccounts();

// E2E_SERVE picks the shape that serves the build: "start" (default: `node scripts/start.mjs`,
// what `npm start` and the container run) or "next-start" (`next start`, as the platform and
// `next dev` serve it, without the wrapper). The suite must pass on both.
const serve =
  process.env.E2E_SERVE === "next-start"
    ? [
        "node_modules/next/dist/bin/next",
        "start",
        "--port",
        String(process.env.PORT),
        "--hostname",
        "127.0.0.1",
      ]
    : ["scripts/start.mjs"];
const child = spawn(process.execPath, serve, { env, stdio: "inherit" });
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
