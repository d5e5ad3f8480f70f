import "server-only";
import crypto from "node:crypto";
import { SignJWT } from "jose";
import { authSecret } from "@/lib/auth/secret";
import { MONITOR_TOKEN_TTL_SECONDS } from "./limits";
import {
  MONITOR_TOKEN_ALG,
  MONITOR_TOKEN_AUDIENCE,
  MONITOR_TOKEN_ISSUER,
  type MonitorClaims,
  type MonitorPublicJwk,
} from "./monitor-token";

// The monitoring tokens' ES256 key pair, derived from the auth secret so that every instance
// signs with the same key and none has to be stored: the private scalar is HKDF-SHA256 of the
// secret reduced into [1, n-1], the public point is computed from it. Rotating AUTH_SECRET
// rotates it (the browsers fetch the public key again: it is cached for an hour at most).

const HKDF_INFO = "dialflow-monitor-key/v1";
/** P-256's group order. */
const ORDER = BigInt("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");

type KeyPair = { publicJwk: MonitorPublicJwk; privateKey: crypto.KeyObject };
let cached: { secret: Uint8Array; pair: KeyPair } | undefined;

const b64url = (bytes: Buffer) => bytes.toString("base64url");

function derive(secret: Uint8Array): KeyPair {
  const okm = Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.alloc(0), HKDF_INFO, 32));
  const d = (BigInt(`0x${okm.toString("hex")}`) % (ORDER - 1n)) + 1n;
  const scalar = Buffer.from(d.toString(16).padStart(64, "0"), "hex");
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.setPrivateKey(scalar);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const publicJwk: MonitorPublicJwk = {
    kty: "EC",
    crv: "P-256",
    x: b64url(point.subarray(1, 33)),
    y: b64url(point.subarray(33, 65)),
  };
  const privateKey = crypto.createPrivateKey({
    key: { ...publicJwk, d: b64url(scalar) },
    format: "jwk",
  });
  return { publicJwk, privateKey };
}

function keyPair(): KeyPair {
  const secret = authSecret();
  if (cached?.secret !== secret) cached = { secret, pair: derive(secret) };
  return cached.pair;
}

/** The public half, as GET /api/floor/monitor/key answers it. */
export function monitorPublicJwk(): MonitorPublicJwk {
  return { ...keyPair().publicJwk };
}

/** A token for these claims, issued now and good for MONITOR_TOKEN_TTL_SECONDS. */
export async function signMonitorToken(
  claims: Omit<MonitorClaims, "iat" | "exp">,
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: MONITOR_TOKEN_ALG, typ: "JWT" })
    .setIssuer(MONITOR_TOKEN_ISSUER)
    .setAudience(MONITOR_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + MONITOR_TOKEN_TTL_SECONDS)
    .sign(keyPair().privateKey);
}
