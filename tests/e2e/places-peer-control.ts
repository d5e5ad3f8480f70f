// Steers the Places API (New) peer that tests/e2e/server.mjs starts on E2E port + 1000.
import type { PeerConfig, PeerRequest } from "../peers/places-peer.mjs";

export const placesPeerUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1000}`;

export async function configurePlacesPeer(config: PeerConfig) {
  const res = await fetch(`${placesPeerUrl}/__peer`, {
    method: "POST",
    body: JSON.stringify(config),
  });
  if (!res.ok) throw new Error(`places peer control: ${res.status}`);
}

export async function placesPeerRequests(): Promise<PeerRequest[]> {
  const res = await fetch(`${placesPeerUrl}/__peer`);
  return ((await res.json()) as { requests: PeerRequest[] }).requests;
}
