// A monitoring token: the server's word, signed with its ES256 key (monitor-key.ts), that a
// manager may listen to, whisper to, join or take over one rep's call. The rep's browser checks
// it against the key (GET /api/floor/monitor/key) before it answers the offer. Browser-safe: jose
// only, no server import.
import { importJWK, jwtVerify, type JWK } from "jose";
import { MONITOR_TOKEN_MODES, type MonitorTokenMode } from "./limits";

export const MONITOR_TOKEN_ISSUER = "dialflow";
export const MONITOR_TOKEN_AUDIENCE = "dialflow:monitor";
export const MONITOR_TOKEN_ALG = "ES256";

export type MonitorClaims = {
  /** The session's id. */
  sid: string;
  /** The manager's and the rep's user ids. */
  mgr: string;
  rep: string;
  /** The rep's call (the Call's id). */
  call: string;
  mode: MonitorTokenMode;
  iat: number;
  exp: number;
};

/** The public key as GET /api/floor/monitor/key answers it. */
export type MonitorPublicJwk = { kty: "EC"; crv: "P-256"; x: string; y: string };

/**
 * The token's claims when it is signed by the key, current, and for this rep's call; throws
 * otherwise (jose's errors, or an Error naming the claim that does not match).
 */
export async function verifyMonitorToken(
  token: string,
  jwk: MonitorPublicJwk,
  expected: { rep: string; call: string },
): Promise<MonitorClaims> {
  const key = await importJWK(jwk as JWK, MONITOR_TOKEN_ALG);
  const { payload } = await jwtVerify(token, key, {
    issuer: MONITOR_TOKEN_ISSUER,
    audience: MONITOR_TOKEN_AUDIENCE,
    algorithms: [MONITOR_TOKEN_ALG],
    requiredClaims: ["exp", "iat"],
  });
  const { sid, mgr, rep, call, mode, iat, exp } = payload as Partial<MonitorClaims>;
  if (rep !== expected.rep) throw new Error("monitor token: not for this rep");
  if (call !== expected.call) throw new Error("monitor token: not for this call");
  if (typeof sid !== "string" || typeof mgr !== "string")
    throw new Error("monitor token: no session or manager");
  if (!(MONITOR_TOKEN_MODES as readonly unknown[]).includes(mode))
    throw new Error("monitor token: unknown mode");
  return { sid, mgr, rep, call, mode: mode as MonitorTokenMode, iat: iat!, exp: exp! };
}

/**
 * The rep's browser's check of a monitoring request before it sends anything of the call: the
 * claims when the server signed the request's token for this rep, this call, this session and
 * this manager; null otherwise (the request is refused).
 */
export async function acceptMonitorRequest(
  request: { id: string; managerId: string; token: string },
  jwk: MonitorPublicJwk,
  expected: { rep: string; call: string },
): Promise<MonitorClaims | null> {
  try {
    const claims = await verifyMonitorToken(request.token, jwk, expected);
    return claims.sid === request.id && claims.mgr === request.managerId ? claims : null;
  } catch {
    return null;
  }
}
