"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useCallStats, type CallStats } from "@/modules/calls/client/queries";
import { fetchDialPreview, powerDialKeys, fetchDialSettings } from "@/modules/power-dial/lib/api";
import { callsKeys } from "@/modules/calls/client/keys";
import type { PreviewBody } from "@/modules/power-dial/lib/schemas";

export type DialSettingsData = Awaited<ReturnType<typeof fetchDialSettings>>;

export type TargetsQueryData = {
  /** Dial Count per place and the team's numbers today; undefined until loaded. */
  stats: CallStats | undefined;
  statsFailed: boolean;
  /** The organization's calling window (rows of places without opening hours). */
  dialSettings: DialSettingsData | undefined;
  /** Places whose phone is on the team's do-not-call list; undefined until known. */
  doNotCall: ReadonlySet<string> | undefined;
};

const noPlaces: ReadonlySet<string> = new Set();

/**
 * The places on the list, from the preview's answer. A module-level function on purpose: TanStack
 * runs `select` again whenever its identity changes, and a new Set on every render fed the
 * effect below a new value each time, so the screen re-rendered without end once every row had
 * its phone, and no navigation could finish.
 */
function doNotCallIds(answer: Awaited<ReturnType<typeof fetchDialPreview>>): ReadonlySet<string> {
  return new Set(
    Object.entries(answer.places)
      .filter(([, check]) => check.doNotCall)
      .map(([id]) => id),
  );
}

/**
 * The Targets screen's TanStack queries (its QueryObserver: ~4 KiB gz), loaded just after the
 * page hydrates (targets-runtime.ts): the call stats of the places on screen and, once there are
 * rows, the power-dial settings. It renders nothing and hands each answer to the screen; the
 * queries keep their keys, so the call outbox's invalidation refreshes them as before.
 */
export function TargetsQueries({
  placeIds,
  dialable,
  onData,
}: {
  placeIds: readonly string[];
  /** The places with a phone, once enriched: checked against the do-not-call list. */
  dialable: PreviewBody["places"];
  onData: (data: TargetsQueryData) => void;
}) {
  const stats = useCallStats(placeIds);
  const settings = useQuery({
    queryKey: powerDialKeys.settings,
    queryFn: fetchDialSettings,
    staleTime: Infinity,
    enabled: placeIds.length > 0,
  });
  // Under the calls prefix: a Do not call outcome saved through the outbox refreshes it.
  const dnc = useQuery({
    queryKey: callsKeys.doNotCallPlaces(dialable),
    queryFn: () => fetchDialPreview(dialable),
    enabled: dialable.length > 0,
    select: doNotCallIds,
  });
  const doNotCall = dialable.length === 0 ? noPlaces : dnc.data;
  const statsFailed = stats.isError && !stats.data;
  useEffect(() => {
    onData({ stats: stats.data, statsFailed, dialSettings: settings.data, doNotCall });
  }, [onData, stats.data, statsFailed, settings.data, doNotCall]);
  return null;
}
