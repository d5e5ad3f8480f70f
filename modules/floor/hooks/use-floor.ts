"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { startOfDay } from "date-fns";
import { isLive } from "@/lib/client/live";
import { floorKeys } from "@/modules/floor/client/keys";
import { fetchFloor } from "@/modules/floor/client/presence";

/**
 * Without the live channel, the floor refreshes this often; with it, a change arrives at once
 * and this only catches a tab that went silent (offline after 45 s: no event announces it).
 */
const FLOOR_REFRESH_MS = 15_000;

/**
 * The manager's floor: each member's state and today's figures. The live channel's "floor" and
 * "calls" changes invalidate it (modules/shell/components/live-updates.tsx).
 */
export function useFloor() {
  const since = startOfDay(new Date()).toISOString();
  return useQuery({
    queryKey: floorKeys.today(since),
    queryFn: async ({ signal }) => {
      const answer = await fetchFloor(since, signal);
      // How far the server's clock is ahead of this browser's, as the answer arrived.
      return { ...answer, offsetMs: Date.parse(answer.now) - Date.now() };
    },
    refetchInterval: () => (isLive() ? FLOOR_REFRESH_MS * 2 : FLOOR_REFRESH_MS),
    refetchIntervalInBackground: false,
    staleTime: 2_000,
  });
}

/**
 * The browser's clock corrected by the server's (`offsetMs`), ticking once a second while
 * `running`: durations count from the server's start times, right even on a skewed clock.
 */
export function useServerNow(offsetMs: number, running: boolean): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return tick + offsetMs;
}
