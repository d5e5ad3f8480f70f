// Drives the Places API (New) test peer's control endpoint from tests.
import type { PeerConfig, PeerRequest } from "../peers/places-peer.mjs";

export async function configurePeer(peerUrl: string, config: PeerConfig) {
  const res = await fetch(`${peerUrl}/__peer`, { method: "POST", body: JSON.stringify(config) });
  if (!res.ok) throw new Error(`peer control failed: ${res.status}`);
}

export async function peerRequests(peerUrl: string) {
  const res = await fetch(`${peerUrl}/__peer`);
  return ((await res.json()) as { requests: PeerRequest[] }).requests;
}
