"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import {
  useCallDisposition,
  useCurrentCallId,
  useDialerValue,
  useLastBusiness,
} from "@/modules/dialer/components/dialer-provider";
import { sendGoodbye, sendPresence } from "@/modules/floor/client/presence";
import {
  getPowerDialPresence,
  subscribePowerDialPresence,
} from "@/modules/floor/client/power-dial-presence";
import { PRESENCE_DEBOUNCE_MS, PRESENCE_HEARTBEAT_MS } from "@/modules/floor/lib/limits";
import { derivePresence, presenceKey } from "@/modules/floor/lib/presence";

const noPowerDial = () => null;

/**
 * Tells the server what this tab's dialer is doing, for the managers' live floor: on each change
 * (once the dialer has settled for 200 ms: a call passes through several states in a blink),
 * every 20 s while nothing changes (a silent tab reads offline after 45 s), and "offline" as the
 * tab goes away. Reads single values of the dialer state, so the call's timer never re-renders it.
 */
export function usePresenceReport() {
  const status = useDialerValue((s) => s.status);
  const phase = useDialerValue((s) => s.phase);
  const line = useDialerValue((s) => s.line?.state ?? null);
  const { pending } = useCallDisposition();
  const business = useLastBusiness();
  const callId = useCurrentCallId();
  const quality = useDialerValue((s) => s.quality?.level ?? null);
  const powerDial = useSyncExternalStore(
    subscribePowerDialPresence,
    getPowerDialPresence,
    noPowerDial,
  );
  const body = derivePresence({
    status,
    phase,
    line,
    outcomePending: pending !== null,
    business,
    powerDial,
    callId,
    quality,
  });
  const key = presenceKey(body);
  const latest = useRef(body);

  // A change: report once the dialer settles, then repeat while nothing changes.
  useEffect(() => {
    latest.current = body;
  });
  useEffect(() => {
    const send = () => void sendPresence(latest.current).catch(() => undefined);
    const debounce = setTimeout(send, PRESENCE_DEBOUNCE_MS);
    // A hidden tab heartbeats too: a rep working in another window is still on the floor.
    const heartbeat = setInterval(send, PRESENCE_HEARTBEAT_MS);
    return () => {
      clearTimeout(debounce);
      clearInterval(heartbeat);
    };
  }, [key]);

  // Leaving (closing, reloading, navigating away): offline at once, not after 45 s. A page
  // restored from the back-forward cache reports itself again.
  useEffect(() => {
    const onHide = () => sendGoodbye();
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void sendPresence(latest.current).catch(() => undefined);
    };
    window.addEventListener("pagehide", onHide);
    window.addEventListener("pageshow", onShow);
    return () => {
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);
}
