// A small SIP message parser and serializer (RFC 3261 section 7) for the test peer and its
// Node test client. Over WebSocket (RFC 7118) each WebSocket message carries exactly one SIP
// message, so there is no stream framing to do: Content-Length only bounds the body.
import crypto from "node:crypto";

// RFC 3261 7.3.3 compact forms, plus the ones later RFCs registered.
const compact = {
  a: "Accept-Contact",
  b: "Referred-By",
  c: "Content-Type",
  d: "Request-Disposition",
  e: "Content-Encoding",
  f: "From",
  i: "Call-ID",
  j: "Reject-Contact",
  k: "Supported",
  l: "Content-Length",
  m: "Contact",
  o: "Event",
  r: "Refer-To",
  s: "Subject",
  t: "To",
  u: "Allow-Events",
  v: "Via",
  x: "Session-Expires",
  y: "Identity",
};

// Canonical spellings, so lookups are case-insensitive and output looks like other UAs'.
const canonical = new Map(
  [
    "Call-ID",
    "CSeq",
    "WWW-Authenticate",
    "Proxy-Authenticate",
    "Proxy-Authorization",
    "Record-Route",
    "Max-Forwards",
    "User-Agent",
    "Content-Length",
    "Content-Type",
    "Allow",
    ...Object.values(compact),
  ].map((n) => [n.toLowerCase(), n]),
);

// Headers whose value may be a comma-separated list of several entries (RFC 3261 7.3.1).
const listHeaders = new Set(["via", "contact", "route", "record-route"]);

function headerName(raw) {
  const lower = raw.trim().toLowerCase();
  if (lower.length === 1 && compact[lower]) return compact[lower];
  return canonical.get(lower) ?? lower.replace(/(^|-)([a-z])/g, (_, d, c) => d + c.toUpperCase());
}

/** Splits on commas that are not inside quotes or angle brackets. */
function splitList(value) {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '"' && value[i - 1] !== "\\") quoted = !quoted;
    else if (!quoted && ch === "<") depth++;
    else if (!quoted && ch === ">") depth--;
    else if (!quoted && depth === 0 && ch === ",") {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter(Boolean);
}

/**
 * Parses one SIP message. Returns null for anything that is not one (the caller answers
 * keep-alives before calling this).
 */
export function parseMessage(data) {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(String(data), "utf8");
  const split = buf.indexOf("\r\n\r\n");
  const headEnd = split < 0 ? buf.length : split;
  const head = buf.subarray(0, headEnd).toString("utf8");
  const rest = split < 0 ? Buffer.alloc(0) : buf.subarray(split + 4);
  // Header folding (a line starting with whitespace continues the previous one).
  const lines = head.replace(/\r\n[ \t]+/g, " ").split("\r\n");
  const first = lines.shift() ?? "";
  const msg = { headers: [], body: "" };
  const response = /^SIP\/2\.0\s+(\d{3})\s*(.*)$/.exec(first);
  const request = /^([A-Z]+)\s+(\S+)\s+SIP\/2\.0$/.exec(first);
  if (response) {
    msg.status = Number(response[1]);
    msg.reason = response[2];
  } else if (request) {
    msg.method = request[1];
    msg.uri = request[2];
  } else {
    return null;
  }
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = headerName(line.slice(0, colon));
    const value = line.slice(colon + 1).trim();
    const values = listHeaders.has(name.toLowerCase()) ? splitList(value) : [value];
    for (const v of values) msg.headers.push([name, v]);
  }
  const declared = Number(header(msg, "Content-Length") ?? rest.length);
  msg.body = rest.subarray(0, Math.min(declared, rest.length)).toString("utf8");
  return msg;
}

/** First value of a header (any spelling, compact forms included). */
export function header(msg, name) {
  const want = headerName(name).toLowerCase();
  return msg.headers.find(([n]) => n.toLowerCase() === want)?.[1];
}

export function headers(msg, name) {
  const want = headerName(name).toLowerCase();
  return msg.headers.filter(([n]) => n.toLowerCase() === want).map(([, v]) => v);
}

export function setHeader(msg, name, value) {
  const want = headerName(name).toLowerCase();
  msg.headers = msg.headers.filter(([n]) => n.toLowerCase() !== want);
  if (value !== undefined && value !== null) msg.headers.push([headerName(name), String(value)]);
  return msg;
}

/** Serializes with a Content-Length that matches the body, whatever the caller set. */
export function serialize(msg) {
  const first =
    msg.method !== undefined
      ? `${msg.method} ${msg.uri} SIP/2.0`
      : `SIP/2.0 ${msg.status} ${msg.reason ?? ""}`.trimEnd();
  const body = msg.body ?? "";
  const lines = msg.headers
    .filter(([n]) => n.toLowerCase() !== "content-length")
    .map(([n, v]) => `${n}: ${v}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body, "utf8")}`);
  return `${first}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Parses `;a=b;c` parameters into an object (flag parameters get ""). */
function parseParams(text) {
  const params = {};
  for (const part of text.split(";")) {
    if (!part.trim()) continue;
    const eq = part.indexOf("=");
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    params[key] = eq < 0 ? "" : part.slice(eq + 1).trim();
  }
  return params;
}

/** sip:user@host:port;params  ->  { scheme, user, host, port, params } */
export function parseUri(uri) {
  const m = /^(sips?):(?:([^@;]*)@)?([^;?]+)(.*)$/i.exec(String(uri).trim());
  if (!m) return null;
  const hostPort = m[3];
  const portMatch = /^(.*?)(?::(\d+))?$/.exec(hostPort);
  return {
    scheme: m[1].toLowerCase(),
    user: m[2] === undefined ? "" : decodeURIComponent(m[2].split(":")[0]),
    host: portMatch?.[1] ?? hostPort,
    port: portMatch?.[2] ? Number(portMatch[2]) : undefined,
    params: parseParams(m[4].split("?")[0]),
  };
}

/**
 * From/To/Contact/Route values: `"Name" <sip:u@h>;tag=x`, `<sip:u@h>;expires=60` or a bare
 * `sip:u@h;tag=x` (where the parameters belong to the header, RFC 3261 20.10).
 */
export function parseNameAddr(value) {
  const text = String(value ?? "").trim();
  const angle = /^(?:"((?:[^"\\]|\\.)*)"|([^<]*?))\s*<([^>]*)>(.*)$/.exec(text);
  if (angle) {
    return {
      display: angle[1] ?? angle[2]?.trim() ?? "",
      uri: angle[3],
      params: parseParams(angle[4]),
    };
  }
  const semi = text.indexOf(";");
  return {
    display: "",
    uri: semi < 0 ? text : text.slice(0, semi),
    params: parseParams(semi < 0 ? "" : text.slice(semi)),
  };
}

/** `SIP/2.0/WSS host;branch=z9...;rport`  ->  { transport, host, params } */
export function parseVia(value) {
  const m = /^SIP\s*\/\s*2\.0\s*\/\s*(\S+)\s+([^;]+)(.*)$/i.exec(String(value ?? "").trim());
  if (!m) return null;
  return { transport: m[1].toUpperCase(), host: m[2].trim(), params: parseParams(m[3]) };
}

export function parseCSeq(value) {
  const m = /^(\d+)\s+([A-Z]+)$/i.exec(String(value ?? "").trim());
  return m ? { seq: Number(m[1]), method: m[2].toUpperCase() } : null;
}

export function randomToken(bytes = 8) {
  return crypto.randomBytes(bytes).toString("hex");
}

export function newBranch() {
  // The RFC 3261 magic cookie marks branches that are unique per transaction.
  return `z9hG4bK${randomToken(8)}`;
}

const reasons = {
  100: "Trying",
  180: "Ringing",
  183: "Session Progress",
  200: "OK",
  202: "Accepted",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  407: "Proxy Authentication Required",
  408: "Request Timeout",
  415: "Unsupported Media Type",
  480: "Temporarily Unavailable",
  481: "Call/Transaction Does Not Exist",
  486: "Busy Here",
  487: "Request Terminated",
  488: "Not Acceptable Here",
  500: "Server Internal Error",
  503: "Service Unavailable",
  600: "Busy Everywhere",
  603: "Decline",
};

export function reasonPhrase(status) {
  return reasons[status] ?? (status < 300 ? "OK" : "Error");
}

/**
 * Builds a response to `request` (RFC 3261 8.2.6): the Via list, From, To (with `toTag` when
 * the request had none), Call-ID and CSeq are copied; `extra` adds headers.
 */
export function buildResponse(request, status, { reason, toTag, extra = [], body = "" } = {}) {
  const copied = request.headers.filter(([n]) =>
    ["via", "from", "call-id", "cseq"].includes(n.toLowerCase()),
  );
  let to = header(request, "To") ?? "";
  if (toTag && status !== 100 && !parseNameAddr(to).params.tag) to = `${to};tag=${toTag}`;
  const msg = {
    status,
    reason: reason ?? reasonPhrase(status),
    headers: [...copied, ["To", to], ...extra],
    body,
  };
  return msg;
}
