"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { isLive, subscribeLive } from "@/lib/client/live";
import { useCallMedia, useCurrentCallId } from "@/modules/dialer/components/dialer-provider";
import type { MonitorIndicator, MonitorResponder } from "@/modules/floor/client/monitor-rep";

/** How often a call checks for monitoring requests while the live channel is down. */
const CHECK_WITHOUT_LIVE_MS = 10_000;

/**
 * The rep's side of a manager's monitoring: on each "monitor" change of the live channel during
 * a call (and as the call changes) the requests are read and followed. The code that does it
 * (WebRTC, Web Audio, the signature check) loads only once a request may have arrived.
 * Answers what the rep is shown (null when nothing, or when the team does not announce it).
 */
export function useMonitorResponder(): MonitorIndicator | null {
  const media = useCallMedia();
  const callId = useCurrentCallId();
  const [indicator, setIndicator] = useState<MonitorIndicator | null>(null);
  const responder = useRef<Promise<MonitorResponder> | null>(null);
  const check = useCallback(() => {
    responder.current ??= import("@/modules/floor/client/monitor-rep").then((m) =>
      m.createMonitorResponder(media, setIndicator),
    );
    void responder.current.then((r) => r.check());
  }, [media]);

  useEffect(() => {
    const off = subscribeLive((change) => {
      if (change.topic === "monitor" && media.currentCall.get()) check();
    });
    return () => {
      off();
      void responder.current?.then((r) => r.dispose());
      responder.current = null;
    };
  }, [media, check]);

  useEffect(() => {
    // The call changed: a monitoring of the previous one ends (only if one was ever loaded).
    if (responder.current) check();
    if (!callId) return;
    const timer = setInterval(() => {
      if (!isLive()) check();
    }, CHECK_WITHOUT_LIVE_MS);
    return () => clearInterval(timer);
  }, [callId, check]);

  return indicator;
}
