"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useCallStats, type CallStats } from "@/lib/client/calls/queries";
import { dialSettingsKey, fetchDialSettings } from "@/lib/client/dialing";

export type DialSettingsData = Awaited<ReturnType<typeof fetchDialSettings>>;

export type TargetsQueryData = {
  /** Dial Count per place and the team's numbers today; undefined until loaded. */
  stats: CallStats | undefined;
  statsFailed: boolean;
  /** The organization's calling window (rows of places without opening hours). */
  dialSettings: DialSettingsData | undefined;
};

/**
 * The Targets screen's TanStack queries (its QueryObserver: ~4 KiB gz), loaded just after the
 * page hydrates (targets-runtime.ts): the call stats of the places on screen and, once there are
 * rows, the power-dial settings. It renders nothing and hands each answer to the screen; the
 * queries keep their keys, so the call outbox's invalidation refreshes them as before.
 */
export function TargetsQueries({
  placeIds,
  onData,
}: {
  placeIds: readonly string[];
  onData: (data: TargetsQueryData) => void;
}) {
  const stats = useCallStats(placeIds);
  const settings = useQuery({
    queryKey: dialSettingsKey,
    queryFn: fetchDialSettings,
    staleTime: Infinity,
    enabled: placeIds.length > 0,
  });
  const statsFailed = stats.isError && !stats.data;
  useEffect(() => {
    onData({ stats: stats.data, statsFailed, dialSettings: settings.data });
  }, [onData, stats.data, statsFailed, settings.data]);
  return null;
}
