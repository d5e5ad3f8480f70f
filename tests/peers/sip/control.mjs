// The peer's HTTP control API, on the same port as its WebSocket (plain HTTP requests; the
// WebSocket upgrade goes to the SIP side). JSON in and out; no authentication, loopback only.
//   GET  /state                    everything: { config, registrations, calls, refused, ... }
//   GET  /calls                    all call records, oldest first
//   GET  /calls/last               the newest call record (404 when none)
//   GET  /calls/:id                one call record
//   POST /calls/:id/hangup         the peer hangs up (BYE, CANCEL or 603 as the call stands)
//   POST /calls/:id/dtmf           { digits, mode?: "info" | "rfc4733" | "both" }
//   GET  /registrations            live bindings
//   POST /config                   partial config (numbers, delays and lossy are merged)
//   POST /reset                    { registrations?: true } hangs up calls, restores config
//   POST /call-rep                 { user, from?, fromName?, ringTimeoutMs?, wait? }
//                                  202 { callId } or, with wait, 200 { callId, outcome, status }

async function readJson(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const text = Buffer.concat(chunks).toString("utf8");
  return text.trim() ? JSON.parse(text) : {};
}

function send(res, status, body) {
  if (res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

export function createControlHandler(peer) {
  const routes = [
    ["GET", /^\/(state)?$/, () => [200, peer.state]],
    ["GET", /^\/calls$/, () => [200, peer.state.calls]],
    ["GET", /^\/calls\/last$/, () => found(peer.state.calls.at(-1))],
    ["GET", /^\/calls\/([^/]+)$/, (m) => found(peer.call(m[1]))],
    ["GET", /^\/registrations$/, () => [200, peer.registrations()]],
    [
      "POST",
      /^\/calls\/([^/]+)\/hangup$/,
      async (m) => (peer.call(m[1]) ? (await peer.hangup(m[1]), [200, { ok: true }]) : notFound()),
    ],
    [
      "POST",
      /^\/calls\/([^/]+)\/dtmf$/,
      async (m, body) => {
        if (!peer.call(m[1])) return notFound();
        await peer.sendDtmf(m[1], String(body.digits ?? ""), body.mode);
        return [200, { ok: true }];
      },
    ],
    ["POST", /^\/config$/, (m, body) => [200, peer.configure(body)]],
    ["POST", /^\/reset$/, async (m, body) => (await peer.reset(body), [200, { ok: true }])],
    [
      "POST",
      /^\/call-rep$/,
      async (m, body) => {
        const { callId, result } = peer.callRep(String(body.user ?? ""), body);
        return body.wait ? [200, await result] : [202, { callId }];
      },
    ],
  ];

  return async function handle(req, res) {
    const path = new URL(req.url ?? "/", "http://peer").pathname;
    try {
      for (const [method, re, fn] of routes) {
        const m = re.exec(path);
        if (!m || req.method !== method) continue;
        const body = method === "POST" ? await readJson(req) : {};
        // Call ids hold "@" and the like: the client encodes them, so decode the captures.
        const captures = m.map((part, i) => (i > 0 && part ? decodeURIComponent(part) : part));
        const [status, out] = await fn(captures, body);
        return send(res, status, out);
      }
      send(res, 404, { error: `no route ${req.method} ${path}` });
    } catch (err) {
      send(res, 400, { error: String(err?.message ?? err) });
    }
  };
}

const notFound = () => [404, { error: "not found" }];
const found = (x) => (x ? [200, x] : notFound());
