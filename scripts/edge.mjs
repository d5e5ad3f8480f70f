// npm run edge: the whole reference edge (Kamailio, rtpengine, coturn) on loopback for
// development, configured under DATA_DIR/edge with a generated shared secret, until Ctrl-C.
// Prints what to type into the console's Telephony panel. Options:
//   --trunk host:port        where calls to numbers go (a SIP trunk or a test phone; default 127.0.0.1:5090)
//   --number +15125550100=userId[,userId...]   an organization number and who it rings (repeatable)
//   --tls                    also wss:// on 127.0.0.1:8443, with a self-signed certificate
//   --help
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { EDGE_PACKAGES, missingEdgePrograms, startEdge } from "../edge/edge.mjs";

const usage = `Usage: npm run edge -- [--trunk host:port] [--number +15125550100=userId[,userId]]... [--tls]

Starts Kamailio, rtpengine and coturn on 127.0.0.1 with configuration under DATA_DIR/edge
(default .data/edge) and prints the Telephony panel's values. Ctrl-C stops all three.
--tls also serves wss:// on 127.0.0.1:8443 with a self-signed certificate (made with openssl).`;

let args;
try {
  args = parseArgs({
    options: {
      trunk: { type: "string", default: "127.0.0.1:5090" },
      number: { type: "string", multiple: true, default: [] },
      tls: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  }).values;
} catch (err) {
  console.error(`${err.message}\n\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const missing = missingEdgePrograms();
if (missing.length) {
  console.error(
    `The edge needs ${missing.join(", ")}. On Debian: apt-get install ${EDGE_PACKAGES}`,
  );
  process.exit(1);
}

const [trunkHost, trunkPort] = args.trunk.split(":");
const numbers = {};
for (const entry of args.number) {
  const [number, users] = entry.split("=");
  numbers[number] = (users ?? "").split(",").filter(Boolean);
}

const dir = path.resolve(process.env.DATA_DIR ?? ".data", "edge");
fs.mkdirSync(dir, { recursive: true });
// One secret per data directory, kept between runs so the console's line stays valid.
const secretFile = path.join(dir, "shared-secret");
if (!fs.existsSync(secretFile)) {
  fs.writeFileSync(secretFile, crypto.randomBytes(24).toString("base64url"), { mode: 0o600 });
}
const secret = fs.readFileSync(secretFile, "utf8").trim();

let edge;
try {
  edge = await startEdge({
    dir,
    secret,
    trunk: { host: trunkHost, port: Number(trunkPort || 5060) },
    numbers,
    tls: args.tls,
    log: (name, line) => {
      if (/\b(ERR|ERROR|CRITICAL|WARNING)\b/.test(line)) console.log(`[${name}] ${line}`);
    },
  });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

console.log(`
The edge is running (Kamailio, rtpengine, coturn; configuration in ${dir}).
In the console (npm run dev → /console → Telephony), set the organization's line to:
  WebSocket URL   ${edge.wsUrl}
  SIP domain      ${edge.sipDomain}
  Shared secret   ${secret}
then press Test line. TURN (${edge.turnUrl}) is running for the edge tests; on loopback the
browser needs no relay. Calls go to the trunk at ${args.trunk}.`);
if (edge.wssUrl) {
  console.log(`
Also ${edge.wssUrl}, with a self-signed certificate (${edge.certificate}).
A browser takes it once trusted: open ${edge.wssUrl.replace(/^wss:/, "https:")} and accept the
certificate (the edge then answers 404), and the line may name the wss:// URL.`);
}
console.log("Ctrl-C stops the edge.");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the edge...");
  await edge.stop();
  console.log("Stopped.");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
