"use client";

import { useEffect, useState } from "react";
import type { RepLine } from "@/modules/dialer/lib/line";
import type { SwitchableTransport } from "@/modules/dialer/lib/switchable-transport";

/**
 * Puts the organization's phone line in place of the simulation. SIP.js (~60 KiB gz) and the
 * code around it are their own chunk, fetched after first paint and only when the organization
 * has a line; until it has loaded (a fraction of a second) a call would be simulated, which is
 * why nothing here blocks. The line's settings are fixed for the page's life (the /app layout
 * reads them per navigation; a change made in the console applies on the next page load).
 */
export function usePhoneLine(line: RepLine | null, switchable: SwitchableTransport) {
  const [initial] = useState(line);
  useEffect(() => {
    if (!initial) return;
    let cancelled = false;
    void import("@/modules/dialer/components/phone-line-transport").then(
      ({ createPhoneLineTransport }) => {
        if (!cancelled) switchable.use(createPhoneLineTransport(initial));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [initial, switchable]);
}
