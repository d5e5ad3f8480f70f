// The floor of bench/call-setup.ts: a bare page with SIP.js alone (its own ES modules from
// node_modules/sip.js/lib, no bundler, no framework) that registers and calls as the app's
// transport does (modules/dialer/lib/sip-transport.ts): the same user agent options, the authorisation
// header, early media, audio only, the remote stream played by an <audio> element. It reads its
// line and credentials from /config; window.floor.prepare(authorization) before each timed click
// on #call, window.floor.end() after. The probe (./call-setup-probe.ts) does the timing.

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
