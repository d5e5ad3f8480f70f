/**
 * Just enough SIP (RFC 3261) over WebSocket (RFC 7118) for the console's line test: writing a
 * REGISTER and reading the responses to it. One SIP message per WebSocket message; CRLF
 * keep-alives are not messages. Pure.
 */

export type SipMessage = {
  /** Responses: the status code and reason phrase. Requests: null and the method. */
  status: number | null;
  reason: string | null;
  method: string | null;
  /** Header values by lower-case full name (compact forms expanded), in order. */
  headers: Map<string, string[]>;
  body: string;
};

// RFC 3261 section 7.3.3's compact forms, of the headers this reads.
const compact: Record<string, string> = {
  i: "call-id",
  v: "via",
  f: "from",
  t: "to",
  m: "contact",
  l: "content-length",
  c: "content-type",
};

export function parseSipMessage(text: string): SipMessage | null {
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? "" : text.slice(end + 4);
  // Header continuation lines (leading whitespace) join the line before them.
  const lines = head.replace(/\r\n[ \t]+/g, " ").split("\r\n");
  const start = lines.shift()?.trim() ?? "";
  const response = /^SIP\/2\.0\s+(\d{3})\s*(.*)$/.exec(start);
  const request = response ? null : /^([A-Z]+)\s+\S+\s+SIP\/2\.0$/.exec(start);
  if (!response && !request) return null;
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const raw = line.slice(0, colon).trim().toLowerCase();
    const name = compact[raw] ?? raw;
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return {
    status: response ? Number(response[1]) : null,
    reason: response ? response[2]!.trim() : null,
    method: request ? request[1]! : null,
    headers,
    body,
  };
}

export const header = (message: SipMessage, name: string) =>
  message.headers.get(name.toLowerCase())?.[0];

export type RegisterRequest = {
  /** "ws" or "wss": the Via transport (RFC 7118 section 5). */
  transport: "ws" | "wss";
  domain: string;
  user: string;
  callId: string;
  cseq: number;
  fromTag: string;
  branch: string;
  /** The .invalid host RFC 7118 clients put in Via and Contact. */
  viaHost: string;
  expires: number;
  /** ["Authorization" | "Proxy-Authorization", value] answering a challenge. */
  authorization?: [string, string];
};

/** The request URI of a REGISTER to `domain`: also the digest's `uri`. */
export const registerUri = (domain: string) => `sip:${domain}`;

export function buildRegister(r: RegisterRequest): string {
  const aor = `<sip:${r.user}@${r.domain}>`;
  const lines = [
    `REGISTER ${registerUri(r.domain)} SIP/2.0`,
    `Via: SIP/2.0/${r.transport.toUpperCase()} ${r.viaHost};branch=z9hG4bK${r.branch}`,
    "Max-Forwards: 70",
    `To: ${aor}`,
    `From: ${aor};tag=${r.fromTag}`,
    `Call-ID: ${r.callId}`,
    `CSeq: ${r.cseq} REGISTER`,
    `Contact: <sip:${r.user}@${r.viaHost};transport=ws>;expires=${r.expires}`,
    `Expires: ${r.expires}`,
    "Allow: INVITE, ACK, CANCEL, BYE, OPTIONS, INFO",
    "User-Agent: DialFlow line test",
    ...(r.authorization ? [`${r.authorization[0]}: ${r.authorization[1]}`] : []),
    "Content-Length: 0",
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** Any request: the start line, the headers in order, Content-Length from the body. */
export function buildRequest(
  method: string,
  uri: string,
  headers: Array<[string, string]>,
  body = "",
): string {
  const lines = [
    `${method} ${uri} SIP/2.0`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${new TextEncoder().encode(body).length}`,
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
