/**
 * What a valid phone line looks like (browser-safe, no zod): the one set of rules that the
 * settings schema (modules/telephony/lib/schemas.ts) applies on the server and the console's Telephony
 * panel applies while an operator types. Each check returns an error key (translated by the
 * panel under Admin.telephony.errors) or null; `lineErrorText` is the server's English wording.
 */

export const dtmfModes = ["rfc4733", "info"] as const;
export type DtmfMode = (typeof dtmfModes)[number];
export const credentialModes = ["ephemeral"] as const;
export type CredentialMode = (typeof credentialModes)[number];

export const WS_URL_MAX = 2048;
export const SIP_DOMAIN_MAX = 253;
export const ICE_SERVERS_MAX = 8;
export const ICE_URL_MAX = 512;
export const ICE_FIELD_MAX = 512;
export const SECRET_MIN = 16;
export const SECRET_MAX = 512;

export type LineError =
  | "wsUrlInvalid"
  | "wsUrlScheme"
  | "wsUrlUserInfo"
  | "sipDomainInvalid"
  | "iceUrlInvalid"
  | "iceTurnCredentials"
  | "iceStunCredentials"
  | "iceTooMany"
  | "secretLength"
  | "secretRequired";

export const lineErrorText: Record<LineError, string> = {
  wsUrlInvalid: "Not a valid WebSocket URL",
  wsUrlScheme: "Must start with wss:// (ws:// only for localhost or 127.0.0.1)",
  wsUrlUserInfo: "Must not contain a user name or password",
  sipDomainInvalid: "Not a valid SIP domain (a host name or IP address)",
  iceUrlInvalid: "Must be a stun:, stuns:, turn: or turns: URL",
  iceTurnCredentials:
    "A TURN server needs a username and a credential (or neither, with time-limited credentials)",
  iceStunCredentials: "A STUN server takes no username or credential",
  iceTooMany: `At most ${ICE_SERVERS_MAX} ICE servers`,
  secretLength: `Must be ${SECRET_MIN} to ${SECRET_MAX} characters`,
  secretRequired: "Required when a line is first set up",
};

/** Hosts a plain ws:// URL may name: the same machine only (a test peer, a local PBX). */
// Not [::1]: a CSP source cannot name an IPv6 address (Chromium drops `ws://[::1]:*` as invalid),
// so the page could never reach such a line (lib/security/connect-sources.ts).
const loopbackHosts = new Set(["localhost", "127.0.0.1"]);

const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const hostName = new RegExp(`^(?=.{1,${SIP_DOMAIN_MAX}}$)${label}(?:\\.${label})*\\.?$`, "i");
const ipv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const ipv6Literal = /^\[[0-9a-f:.]{2,45}\]$/i;
// Controls, spaces and what would break out of a SIP header or URI.
const unsafe = /[\s\u0000-\u001f\u007f"<>\\]/;

/** A host name, an IPv4 address or a bracketed IPv6 literal. */
export function isHost(value: string) {
  return hostName.test(value) || ipv4.test(value) || ipv6Literal.test(value);
}

export function checkWsUrl(value: string): LineError | null {
  if (!value || value.length > WS_URL_MAX || unsafe.test(value)) return "wsUrlInvalid";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "wsUrlInvalid";
  }
  if (url.protocol !== "wss:" && url.protocol !== "ws:") return "wsUrlScheme";
  if (!url.hostname || url.hash) return "wsUrlInvalid";
  if (url.username || url.password) return "wsUrlUserInfo";
  if (url.protocol === "ws:" && !loopbackHosts.has(url.hostname.toLowerCase())) {
    return "wsUrlScheme";
  }
  return null;
}

export function checkSipDomain(value: string): LineError | null {
  return value && !unsafe.test(value) && isHost(value) ? null : "sipDomainInvalid";
}

// RFC 7064 (stun:, stuns:) and RFC 7065 (turn:, turns: with an optional transport).
const iceUrl =
  /^(stuns?|turns?):([^\s?:[\]]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(\?transport=(?:udp|tcp))?$/i;

export type IceServerDraft = { urls: string; username?: string | null; credential?: string | null };
export type IceServerError = { field: "urls" | "username" | "credential"; error: LineError };

/**
 * `mintedTurn`: the line's credentials are time-limited (auth_ephemeral), so a TURN server may
 * be left without a username and credential: each rep's browser then uses its own minted SIP
 * credentials, which coturn's `use-auth-secret` checks with the same shared secret.
 */
export function checkIceServer(
  server: IceServerDraft,
  options: { mintedTurn?: boolean } = {},
): IceServerError | null {
  const m = server.urls.length <= ICE_URL_MAX ? iceUrl.exec(server.urls) : null;
  if (!m || !isHost(m[2]!) || (m[3] !== undefined && Number(m[3]) > 65535)) {
    return { field: "urls", error: "iceUrlInvalid" };
  }
  const turn = m[1]!.toLowerCase().startsWith("turn");
  if (!turn && m[4]) return { field: "urls", error: "iceUrlInvalid" };
  const username = server.username ?? "";
  const credential = server.credential ?? "";
  if (!turn) {
    if (username) return { field: "username", error: "iceStunCredentials" };
    if (credential) return { field: "credential", error: "iceStunCredentials" };
    return null;
  }
  if (options.mintedTurn && !username && !credential) return null;
  // A browser refuses a TURN server without both (RTCPeerConnection throws InvalidAccessError).
  if (!username || username.length > ICE_FIELD_MAX || unsafe.test(username)) {
    return { field: "username", error: "iceTurnCredentials" };
  }
  if (!credential || credential.length > ICE_FIELD_MAX) {
    return { field: "credential", error: "iceTurnCredentials" };
  }
  return null;
}

/** The shared secret as entered; `required` when the organization has none stored yet. */
export function checkSecret(value: string | undefined, required: boolean): LineError | null {
  if (value === undefined || value === "") return required ? "secretRequired" : null;
  // Printable text only: it is typed or pasted into the panel and into the edge's config.
  if (
    value.length < SECRET_MIN ||
    value.length > SECRET_MAX ||
    /[\u0000-\u001f\u007f]/.test(value)
  ) {
    return "secretLength";
  }
  return null;
}
