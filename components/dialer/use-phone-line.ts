"use client";

import { useEffect } from "react";
import { audioDevicesKey, readStored } from "@/lib/client/storage";
import { authorizeCall, fetchLineCredentials } from "@/lib/client/telephony";
import { LINE_LOCK_NAME, type RepLine } from "@/lib/dialer/line";
import type { SwitchableTransport } from "@/lib/dialer/switchable-transport";

/**
 * Puts the organization's phone line in place of the simulation. SIP.js (~60 KiB gz) is its
 * own chunk, fetched after first paint and only when the organization has a line; until it has
 * loaded (a fraction of a second) a call would be simulated, which is why nothing here blocks.
 */
export function usePhoneLine(line: RepLine | null, switchable: SwitchableTransport) {
  const wsUrl = line?.wsUrl;
  const sipDomain = line?.sipDomain;
  const dtmfMode = line?.dtmfMode;
  const iceServers = JSON.stringify(line?.iceServers ?? []);
  useEffect(() => {
    if (!wsUrl || !sipDomain || !dtmfMode) return;
    let cancelled = false;
    void import("@/lib/dialer/sip-transport").then(({ createSipTransport }) => {
      if (cancelled) return;
      switchable.use(
        createSipTransport({
          line: {
            wsUrl,
            sipDomain,
            dtmfMode,
            iceServers: JSON.parse(iceServers) as RTCIceServer[],
          },
          fetchCredentials: fetchLineCredentials,
          authorize: authorizeCall,
          devices: () => readStored(audioDevicesKey),
          lockName: LINE_LOCK_NAME,
        }),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [wsUrl, sipDomain, dtmfMode, iceServers, switchable]);
}
