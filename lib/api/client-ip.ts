import "server-only";
import { env } from "@/lib/env";

/** Set by scripts/serve.mjs from the TCP peer address, overwriting anything a client sent. */
export const socketIpHeader = "x-dialflow-socket-ip";

/**
 * The client's address. X-Forwarded-For is client-controlled, so only the entries appended by
 * the TRUSTED_PROXY_HOPS proxies we run are believed; with none configured it is ignored and a
 * spoofed header cannot give an attacker a fresh throttle counter.
 */
export function clientIp(headers: Headers): string {
  const hops = env.TRUSTED_PROXY_HOPS;
  if (hops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length >= hops) return chain[chain.length - hops]!;
  }
  return headers.get(socketIpHeader) || "unknown";
}
