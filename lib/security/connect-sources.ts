// Where pages may connect (CSP connect-src), shared by the proxy's header and the /app
// layout's narrowing <meta> policy. Browser-, edge- and server-safe: plain data.
//
// A phone line is per organization and lives in the database, which the proxy does not read.
// So for /app the header allows any secure WebSocket (and plain ws:// on loopback, the only
// place modules/telephony/lib/line-rules.ts accepts it), and the /app layout adds a second policy in a
// <meta> tag naming the organization's one line origin. A browser enforces both policies: a
// connection must pass each, so the page may reach exactly 'self', Google's map hosts and that
// origin (CSP3 "multiple policies"; a <meta> policy may only tighten). No IPv6 loopback: a CSP
// host source cannot be an IPv6 address, so line-rules.ts refuses ws://[::1].

export const BASE_CONNECT_SOURCES = [
  "'self'",
  "https://*.googleapis.com",
  "https://*.google.com",
] as const;

/** The header's extra sources for /app pages: every place a line may be, narrowed by <meta>. */
export const PHONE_LINE_CONNECT_SOURCES = ["wss:", "ws://localhost:*", "ws://127.0.0.1:*"] as const;

/** The /app page's own connect-src: the base and, when the organization has one, its line. */
export function appConnectPolicy(lineWsUrl: string | null): string {
  const sources: string[] = [...BASE_CONNECT_SOURCES];
  const origin = lineWsUrl ? webSocketOrigin(lineWsUrl) : null;
  if (origin) sources.push(origin);
  return `connect-src ${sources.join(" ")}`;
}

/** `wss://host:port` of a saved line URL (validated on save), or null if it will not parse. */
function webSocketOrigin(wsUrl: string): string | null {
  try {
    const url = new URL(wsUrl);
    if (url.protocol !== "wss:" && url.protocol !== "ws:") return null;
    return `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}
