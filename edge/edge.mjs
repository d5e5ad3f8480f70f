// Starts the reference edge (Kamailio, rtpengine, coturn from Debian's packages) as child
// processes, from the configuration templates beside this file, with everything generated under
// one directory. Used by `npm run edge` (development), by the edge tests and by the benchmark.
// Plain JavaScript with no dependencies, so that it runs before `npm ci` has built anything.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import dgram from "node:dgram";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The programs the edge runs, by Debian package. */
export const EDGE_PROGRAMS = [
  {
    program: "kamailio",
    packages:
      "kamailio kamailio-websocket-modules kamailio-autheph-modules kamailio-tls-modules kamailio-extra-modules",
  },
  { program: "rtpengine", packages: "rtpengine-daemon" },
  { program: "turnserver", packages: "coturn" },
];

/** Debian packages the edge and its tests need (`apt-get install` these). */
export const EDGE_PACKAGES =
  "kamailio kamailio-websocket-modules kamailio-autheph-modules kamailio-tls-modules kamailio-extra-modules rtpengine-daemon coturn baresip sip-tester openssl";

const onPath = (program) =>
  (process.env.PATH ?? "")
    .split(path.delimiter)
    .concat(["/usr/sbin", "/usr/bin"])
    .some((dir) => dir && fs.existsSync(path.join(dir, program)));

/** The edge's programs that are not installed (empty when the edge can run here). */
export function missingEdgePrograms() {
  return EDGE_PROGRAMS.filter((p) => !onPath(p.program)).map((p) => p.program);
}

/** hex(HMAC-SHA256(secret, "dialflow-call-authorization/v1")): the key the edge checks with. */
export function callAuthorizationKey(secret) {
  return crypto.createHmac("sha256", secret).update("dialflow-call-authorization/v1").digest("hex");
}

/** Development defaults: loopback only. Tests pass their own ports. */
export const DEFAULT_PORTS = {
  ws: 8088,
  wss: 8443,
  sip: 5080,
  ng: 22222,
  turn: 3478,
  rtpMin: 30000,
  rtpMax: 30199,
  relayMin: 49160,
  relayMax: 49359,
};

const e164 = /^\+[1-9]\d{1,14}$/;
const sipUser = /^[A-Za-z0-9_.-]{1,64}$/;

/** Fills `${NAME}` placeholders; an unknown name is an error, never an empty string. */
export function fill(template, values) {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`No value for \${${name}}`);
    return String(values[name]);
  });
}

/**
 * The numbers table (Kamailio htable over db_text): who each of the organization's numbers
 * rings. `numbers` maps E.164 to SIP users (the reps' user ids); several users ring together
 * and the first to answer takes the call.
 */
export function numbersTable(numbers) {
  const rows = ["key_name(str) key_type(int) value_type(int) key_value(str) expires(int)"];
  for (const [number, users] of Object.entries(numbers)) {
    if (!e164.test(number)) throw new Error(`Not an E.164 number: ${number}`);
    const list = [].concat(users);
    if (!list.length || !list.every((u) => sipUser.test(u))) {
      throw new Error(`Not SIP users: ${list.join(",")}`);
    }
    rows.push(`${number.replace(/:/g, "\\:")}:0:0:${list.join("|")}:0`);
  }
  return `${rows.join("\n")}\n`;
}

/**
 * A self-signed certificate and key for `host` (a name or an address) in `dir`, made with
 * Debian's openssl. One that names the host and is valid for another day is kept, so a browser
 * told to trust it once goes on trusting it. Returns the two files' paths.
 */
function edgeCertificate(dir, host) {
  const certificate = path.join(dir, "edge-cert.pem");
  const privateKey = path.join(dir, "edge-key.pem");
  if (fs.existsSync(certificate) && fs.existsSync(privateKey)) {
    const cert = new crypto.X509Certificate(fs.readFileSync(certificate));
    const names = net.isIP(host) ? cert.checkIP(host) : cert.checkHost(host);
    if (names && Date.parse(cert.validTo) > Date.now() + 86_400_000) {
      return { certificate, privateKey };
    }
  }
  const res = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "365",
      "-subj",
      `/CN=${host}`,
      "-addext",
      `subjectAltName=${net.isIP(host) ? "IP" : "DNS"}:${host}`,
      "-keyout",
      privateKey,
      "-out",
      certificate,
    ],
    { encoding: "utf8" },
  );
  if (res.error?.code === "ENOENT") {
    throw new Error("wss:// needs openssl to make the edge's certificate: apt-get install openssl");
  }
  if (res.error || res.status !== 0) {
    throw new Error(`openssl could not make the edge's certificate:\n${res.stderr || res.error}`);
  }
  fs.chmodSync(privateKey, 0o600);
  return { certificate, privateKey };
}

/** Writes every configuration file for one edge under `dir`; returns what to start. */
export function writeEdgeConfig({
  dir,
  secret,
  domain = "127.0.0.1",
  host = "127.0.0.1",
  ports = DEFAULT_PORTS,
  trunk = { host: "127.0.0.1", port: 5090 },
  numbers = {},
  tls = false,
}) {
  if (!secret || secret.length < 16)
    throw new Error("The shared secret needs 16 characters or more");
  // It goes into quoted strings of three configuration languages.
  if (!/^[A-Za-z0-9+/=_.:@%,-]+$/.test(secret)) {
    throw new Error("The shared secret may hold letters, digits and + / = _ . : @ % , - only");
  }
  for (const name of [domain, host, trunk.host]) {
    if (!/^[A-Za-z0-9.-]{1,253}$/.test(name))
      throw new Error(`Not a host name or address: ${name}`);
  }
  const p = { ...DEFAULT_PORTS, ...ports };
  for (const sub of ["kamailio", "kamailio/db", "run", "turn"]) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  }
  const values = {
    EDGE_DOMAIN: domain,
    EDGE_HOST: host,
    EDGE_SECRET: secret,
    CALL_AUTHORIZATION_KEY: callAuthorizationKey(secret),
    WS_PORT: p.ws,
    WSS_PORT: p.wss,
    SIP_PORT: p.sip,
    NG_PORT: p.ng,
    TURN_PORT: p.turn,
    RTP_MIN: p.rtpMin,
    RTP_MAX: p.rtpMax,
    RELAY_MIN: p.relayMin,
    RELAY_MAX: p.relayMax,
    TRUNK_HOST: trunk.host,
    TRUNK_PORT: trunk.port,
    NUMBERS_DIR: path.join(dir, "kamailio/db"),
    RUN_DIR: path.join(dir, "run"),
    TURN_DIR: path.join(dir, "turn"),
    TLS_CONFIG: path.join(dir, "kamailio/tls.cfg"),
  };
  const template = (name) => fs.readFileSync(path.join(here, name), "utf8");
  fs.copyFileSync(
    path.join(here, "kamailio/kamailio.cfg"),
    path.join(dir, "kamailio/kamailio.cfg"),
  );
  fs.writeFileSync(
    path.join(dir, "kamailio/edge.local.cfg"),
    fill(template("kamailio/edge.local.dev.cfg"), values),
    { mode: 0o600 },
  );
  fs.writeFileSync(path.join(dir, "kamailio/db/numbers"), numbersTable(numbers));
  let certificate = null;
  if (tls) {
    const files = edgeCertificate(path.join(dir, "kamailio"), host);
    certificate = files.certificate;
    fs.writeFileSync(
      values.TLS_CONFIG,
      fill(template("kamailio/tls.dev.cfg"), {
        TLS_CERTIFICATE: files.certificate,
        TLS_PRIVATE_KEY: files.privateKey,
      }),
    );
  }
  fs.writeFileSync(
    path.join(dir, "rtpengine.conf"),
    fill(template("rtpengine/rtpengine.dev.conf"), values),
  );
  fs.writeFileSync(
    path.join(dir, "turnserver.conf"),
    fill(template("coturn/turnserver.dev.conf"), values),
    {
      mode: 0o600,
    },
  );
  return {
    values,
    wsUrl: `ws://${host}:${p.ws}`,
    wssUrl: tls ? `wss://${host}:${p.wss}` : null,
    certificate,
    sipDomain: domain,
    turnUrl: `turn:${host}:${p.turn}?transport=udp`,
    ports: p,
  };
}

/** Sends one UDP datagram and waits for an answer that `accept` takes. */
function udpAsk(port, message, accept, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = dgram.createSocket("udp4");
    const timer = setTimeout(() => done(null), timeoutMs);
    const done = (value) => {
      clearTimeout(timer);
      socket.close();
      resolve(value);
    };
    socket.on("message", (data) => accept(data) && done(data));
    socket.on("error", () => done(null));
    socket.send(message, port, "127.0.0.1");
  });
}

/** rtpengine's control protocol: bencoded `ping` answered with `pong`. */
export const pingRtpengine = (port) =>
  udpAsk(port, Buffer.from(`${crypto.randomBytes(4).toString("hex")} d7:command4:pinge`), (d) =>
    d.toString().includes("pong"),
  ).then(Boolean);

/** A STUN Binding request (RFC 5389) to the TURN server: it answers every client. */
export const pingTurn = (port) => {
  const msg = Buffer.alloc(20);
  msg.writeUInt16BE(0x0001, 0);
  msg.writeUInt32BE(0x2112a442, 4);
  crypto.randomBytes(12).copy(msg, 8);
  return udpAsk(port, msg, (d) => d.length >= 20 && d.readUInt16BE(0) === 0x0101).then(Boolean);
};

/** Kamailio's keep-alive: an OPTIONS to the edge itself is answered 200. */
export const pingKamailio = (port) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const options = [
    `OPTIONS sip:127.0.0.1:${port} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:9;branch=z9hG4bK${tag};rport`,
    "Max-Forwards: 5",
    `From: <sip:ping@127.0.0.1>;tag=${tag}`,
    `To: <sip:127.0.0.1:${port}>`,
    `Call-ID: ping-${tag}`,
    "CSeq: 1 OPTIONS",
    "Content-Length: 0",
    "",
    "",
  ].join("\r\n");
  return udpAsk(port, Buffer.from(options), (d) => d.toString().startsWith("SIP/2.0 200")).then(
    Boolean,
  );
};

async function waitFor(check, what, timeoutMs, processes) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exited = processes.find((p) => p.child.exitCode !== null);
    if (exited) throw new Error(`${exited.name} exited at start:\n${exited.log.slice(-2000)}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer within ${timeoutMs} ms`);
}

/**
 * Writes the configuration and starts the three programs; resolves once each answers. Returns
 * the console's values and `stop()`. `log(name, line)` receives each program's output lines.
 */
export async function startEdge(options) {
  const missing = missingEdgePrograms();
  if (missing.length) {
    throw new Error(`The edge needs ${missing.join(", ")}: apt-get install ${EDGE_PACKAGES}`);
  }
  const config = writeEdgeConfig(options);
  const { dir } = options;
  const log = options.log ?? (() => {});
  const run = (name, program, args) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
    const entry = { name, child, log: "" };
    const take = (chunk) => {
      const text = chunk.toString();
      entry.log = (entry.log + text).slice(-20000);
      for (const line of text.split("\n")) if (line.trim()) log(name, line);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    return entry;
  };
  const processes = [
    run("rtpengine", "rtpengine", [
      `--config-file=${path.join(dir, "rtpengine.conf")}`,
      "--foreground",
      "--log-stderr",
      `--pidfile=${path.join(dir, "run/rtpengine.pid")}`,
    ]),
    run("turnserver", "turnserver", ["-c", path.join(dir, "turnserver.conf")]),
  ];
  try {
    await waitFor(() => pingRtpengine(config.ports.ng), "rtpengine", 10_000, processes);
    // Kamailio checks the relay at start, so it starts once the relay answers.
    processes.push(
      run("kamailio", "kamailio", [
        "-f",
        path.join(dir, "kamailio/kamailio.cfg"),
        ...(config.wssUrl ? ["-A", "WITH_TLS"] : []),
        "-DD",
        "-E",
        "-Y",
        path.join(dir, "run"),
        "-m",
        "64",
        "-M",
        "8",
      ]),
    );
    await waitFor(() => pingKamailio(config.ports.sip), "Kamailio", 15_000, processes);
    await waitFor(() => pingTurn(config.ports.turn), "coturn", 10_000, processes);
  } catch (err) {
    await stopAll(processes);
    throw err;
  }
  return {
    ...config,
    processes,
    pids: () => processes.map((p) => p.child.pid),
    logs: () => Object.fromEntries(processes.map((p) => [p.name, p.log])),
    stop: () => stopAll(processes),
  };
}

async function stopAll(processes) {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
          child.once("exit", () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}

/** Kamailio's version line, for the README's checks. */
export function kamailioVersion() {
  const res = spawnSync("kamailio", ["-v"], { encoding: "utf8" });
  return res.stdout?.split("\n")[0] ?? null;
}
