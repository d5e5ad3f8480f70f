// The floor of bench/call-setup.ts: a bare page with SIP.js alone (its own ES modules from
// node_modules/sip.js/lib, no bundler, no framework) that registers and calls as the app's
// transport does (modules/dialer/lib/sip-transport.ts): the same user agent options, the authorisation
// header, early media, audio only, the remote stream played by an <audio> element. It reads its
// line and credentials from /config; window.floor.prepare(authorization) before each timed click
// on #call, window.floor.end() after. The probe (./call-setup-probe.ts) does the timing.
// bench/edge.ts opens it in many tabs at once as its calling side.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

/**
 * Serves the floor's page on 127.0.0.1:`port`, its /config (`config`, read at each request, so
 * it may be filled in after the server starts) and SIP.js's own ES modules as the package ships
 * them.
 */
export function serveFloorPage(port: number, config: Record<string, unknown>) {
  const libDir = path.resolve(import.meta.dirname, "../node_modules/sip.js/lib");
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(floorPageHtml);
    } else if (url.pathname === "/config") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(config));
    } else if (url.pathname.startsWith("/sip.js/")) {
      const file = path.join(libDir, path.normalize(url.pathname.slice("/sip.js/".length)));
      if (!file.startsWith(libDir) || !fs.existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      res.end(fs.readFileSync(file));
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise<http.Server>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve(server)),
  );
}

export const floorPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SIP.js floor</title>
</head>
<body>
<button id="call" type="button" disabled>Call</button>
<script type="module">
import { Inviter, Registerer, RegistererState, SessionState, UserAgent, Web } from "/sip.js/index.js";

const config = await (await fetch("/config")).json();
const floor = { state: "connecting", auth: null, session: null };
window.floor = floor;
const audio = new Audio();
audio.autoplay = true;

const ua = new UserAgent({
  uri: UserAgent.makeURI(config.sipUri),
  authorizationUsername: config.username,
  authorizationPassword: config.password,
  transportOptions: { server: config.wsUrl, connectionTimeout: 5, traceSip: false },
  sessionDescriptionHandlerFactoryOptions: {
    peerConnectionConfiguration: { iceServers: config.iceServers },
    iceGatheringTimeout: config.iceGatheringTimeout,
  },
  logBuiltinEnabled: false,
  logLevel: "error",
  userAgentString: "DialFlow floor",
});
await ua.start();
const registerer = new Registerer(ua, { expires: 600 });
registerer.stateChange.addListener((state) => {
  if (state === RegistererState.Registered) floor.state = "registered";
});
await registerer.register();

const button = document.getElementById("call");
button.disabled = false;

floor.prepare = (auth) => {
  floor.auth = auth;
};

button.addEventListener("click", () => {
  const auth = floor.auth;
  floor.auth = null;
  const target = UserAgent.makeURI("sip:" + auth.number + "@" + config.sipDomain);
  const inviter = new Inviter(ua, target, {
    extraHeaders: ["X-DialFlow-Authorization: " + auth.authorization],
    earlyMedia: true,
    sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
  });
  floor.session = inviter;
  floor.state = "calling";
  inviter.stateChange.addListener((state) => {
    if (state === SessionState.Established) {
      window.__bench.mark("inCallAt");
      const sdh = inviter.sessionDescriptionHandler;
      audio.srcObject = sdh.remoteMediaStream;
      audio.play().catch(() => {});
      floor.state = "in-call";
    }
    if (state === SessionState.Terminated) {
      audio.srcObject = null;
      floor.session = null;
      floor.state = "registered";
    }
  });
  inviter.invite().catch(() => {
    floor.state = "failed";
  });
});

floor.end = () => {
  const session = floor.session;
  if (!session) return;
  if (session.state === SessionState.Established) session.bye().catch(() => {});
  else session.cancel().catch(() => {});
};
</script>
</body>
</html>
`;
