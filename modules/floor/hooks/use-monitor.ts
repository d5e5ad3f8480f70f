"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallMedia } from "@/modules/dialer/components/dialer-provider";
import type { ManagerMonitor, MonitorState } from "@/modules/floor/client/monitor-manager";
import type { MonitorMode } from "@/modules/floor/client/monitor-api";
import { floorKeys } from "@/modules/floor/client/keys";

const noState = () => null;
const noSubscription = () => () => {};

export type MonitorControls = {
  /** The manager's monitoring (one call at a time), or null before the first. */
  state: MonitorState | null;
  listen(repId: string): void;
  setMode(mode: MonitorMode): void;
  takeOver(): void;
  stop(): void;
};

/**
 * The manager's monitoring on the live floor: listen to one rep's call, then whisper, join, take
 * it over or stop. Its WebRTC code loads on the first Listen; leaving the floor stops it.
 */
export function useMonitor(): MonitorControls {
  const media = useCallMedia();
  const queryClient = useQueryClient();
  const [monitor, setMonitor] = useState<ManagerMonitor | null>(null);
  const current = useRef<ManagerMonitor | null>(null);
  const state = useSyncExternalStore(
    monitor?.subscribe ?? noSubscription,
    monitor?.state ?? noState,
    noState,
  );
  const refreshFloor = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: floorKeys.all }),
    [queryClient],
  );

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      void current.current?.stop();
    };
  }, []);

  const listen = useCallback(
    (repId: string) => {
      void (async () => {
        await current.current?.stop();
        const [{ startManagerMonitor }, iceServers] = await Promise.all([
          import("@/modules/floor/client/monitor-manager"),
          media.iceServers().catch(() => []),
        ]);
        // The manager left the floor while it loaded: nothing starts.
        if (!mounted.current) return;
        const next = startManagerMonitor({ repId, mode: "listen", iceServers });
        current.current = next;
        setMonitor(next);
        next.subscribe(refreshFloor);
      })();
    },
    [media, refreshFloor],
  );

  return {
    state,
    listen,
    setMode: (mode) => void current.current?.setMode(mode),
    takeOver: () => void current.current?.takeOver(),
    stop: () => void current.current?.stop(),
  };
}
