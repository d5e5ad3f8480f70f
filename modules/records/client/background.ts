import "client-only";

// Places written outside their drawer (a backup imported, a callback booked from the dialer):
// synced with the team's records at once, one place after another, instead of when each
// business's drawer is next opened. A place that cannot be synced now (offline, the rate limit)
// keeps its changes in this browser and syncs on its next open, as any other.

export async function syncPlacesInBackground(placeIds: readonly string[]): Promise<void> {
  if (placeIds.length === 0) return;
  const { recordsSync } = await import("./browser");
  const engine = recordsSync();
  for (const placeId of placeIds) await engine.sync(placeId);
}
