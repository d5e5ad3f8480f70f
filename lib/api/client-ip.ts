import "server-only";
import { socketPeerHeader, socketPeerHeaderOwned } from "@/scripts/server-contract.mjs";
import { env, isVercel } from "@/lib/env";

// Where the client's address comes from depends on how the app is deployed, and only sources the
// deployment itself guarantees are believed (docs/operations.md, "Client addresses"):
// - behind TRUSTED_PROXY_HOPS reverse proxies: the entry the outermost trusted proxy appended to
//   X-Forwarded-For (entries to its left are the client's own words);
// - on Vercel: x-vercel-forwarded-for / x-real-ip, which the platform sets and a client cannot;
// - served by scripts/serve.mjs (npm start, the container): the TCP peer it writes into a header,
//   replacing any a client sent;
// - otherwise (`next start` or `next dev` with no proxy configured): unknown. Then there is no
//   address to throttle by, and sign-in is throttled per account only, never on one address
//   that every client would share.

export type ClientAddressSource = "forwarded" | "vercel" | "socket" | "none";

export function clientAddressSource(): ClientAddressSource {
  if (env.TRUSTED_PROXY_HOPS > 0) return "forwarded";
  if (isVercel) return "vercel";
  return socketPeerHeaderOwned() ? "socket" : "none";
}

/** The client's address, or null when this deployment shape offers none that can be trusted. */
export function clientIp(headers: Headers): string | null {
  switch (clientAddressSource()) {
    case "forwarded": {
      const chain = (headers.get("x-forwarded-for") ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const hops = env.TRUSTED_PROXY_HOPS;
      if (chain.length >= hops) return chain[chain.length - hops]!;
      // Fewer entries than proxies: a request that bypassed them. Only the socket is certain.
      return socketPeerHeaderOwned() ? headers.get(socketPeerHeader) || null : null;
    }
    case "vercel":
      return (
        firstEntry(headers.get("x-vercel-forwarded-for")) ?? firstEntry(headers.get("x-real-ip"))
      );
    case "socket":
      return headers.get(socketPeerHeader) || null;
    case "none":
      return null;
  }
}

function firstEntry(value: string | null) {
  const first = value?.split(",")[0]?.trim();
  return first || null;
}
