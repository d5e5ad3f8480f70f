"use client";

import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { startLive, subscribeLive, subscribeLiveStatus } from "@/lib/client/live";
import type { LiveTopic } from "@/lib/live/changes";
import { callbacksKeys } from "@/modules/callbacks/client/callbacks";
import { callsKeys } from "@/modules/calls/client/keys";
import { doNotCallKeys } from "@/modules/do-not-call/client/keys";
import { floorKeys } from "@/modules/floor/client/keys";
import { dialingRulesKeys } from "@/modules/power-dial/client/keys";

// What each kind of team change makes stale. Every call screen's key starts with "calls"
// (Call Log, Missed Calls, the dashboard, Dial Count, the do-not-call marks); callbacks come from
// call outcomes and from the account records; the dashboard's Sales Events are named from the
// records. An open drawer syncs its own business (use-records-sync.ts). A call can be an
// abandoned one: the abandonment rates follow calls.
const staleOn: Record<LiveTopic, readonly (readonly unknown[])[]> = {
  calls: [callsKeys.all, callbacksKeys.all, dialingRulesKeys.all, floorKeys.all],
  records: [callbacksKeys.all, callsKeys.dashboard],
  "do-not-call": [callsKeys.all, doNotCallKeys.all],
  // A member's presence changed; a recorded call also changes the floor's figures.
  floor: [floorKeys.all],
  // A monitoring session began, changed or ended: the floor shows who is monitored. The session
  // itself is fetched by the member the change is `for` (modules/floor).
  monitor: [floorKeys.all],
};

/**
 * Keeps every open screen of the team's data current from the live channel: a teammate's call,
 * outcome or note refetches what shows it. When the stream comes back after a gap, everything is
 * refetched once, since changes in the gap were not announced.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = startLive();
    const offChange = subscribeLive((change) => {
      for (const queryKey of staleOn[change.topic])
        void queryClient.invalidateQueries({ queryKey });
    });
    // The first stream of the page follows its first fetches; a later one follows a gap.
    let dropped = false;
    let wasLive = false;
    const offStatus = subscribeLiveStatus((live) => {
      // For support and the browser tests: whether this tab hears its team live.
      document.documentElement.dataset.live = live ? "on" : "off";
      if (live && dropped) {
        for (const keys of Object.values(staleOn))
          for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }
      if (wasLive && !live) dropped = true;
      wasLive = live;
    });
    return () => {
      offChange();
      offStatus();
      stop();
    };
  }, [queryClient]);
  return null;
}
