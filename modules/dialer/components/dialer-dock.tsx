"use client";

import { useEffect, useSyncExternalStore } from "react";
import { useStoredValue } from "@/lib/client/storage";
import { dialerDockedKey } from "@/modules/dialer/lib/storage-keys";
import { DIALER_DOCK_COOKIE } from "@/lib/shell/dialer-dock-cookie";
import { useDialerValue } from "@/modules/dialer/components/dialer-provider";

const noSubscription = () => () => {};
const afterHydration = () => true;
const duringHydration = () => false;

/** The docked dialer's column: its width (w-80) and the gaps either side. */
export const DOCK_COLUMN = "22rem";

/**
 * The column the layout keeps for the docked dialer on wide screens (a floating
 * window alone covered Targets columns, Sales Events, the reports' Extract CSV...). It is there while
 * the dialer is docked and open; the dialer itself (fixed, loaded after the page) sits over it.
 * The server renders what the cookie remembers, so the page does not change width on load; the
 * cookie follows the rep's dock and minimise choices. Its width is published as
 * `--dialer-dock-w`, which a drawer beside the work keeps clear of.
 */
export function DialerDockColumn({ initialReserved }: { initialReserved: boolean }) {
  const minimised = useDialerValue((s) => s.minimised);
  const [docked] = useStoredValue(dialerDockedKey);
  // False while hydrating (the server's cookie value holds), true after.
  const mounted = useSyncExternalStore(noSubscription, afterHydration, duringHydration);
  const reserved = mounted ? docked && !minimised : initialReserved;
  useEffect(() => {
    if (!mounted) return;
    document.cookie = `${DIALER_DOCK_COOKIE}=${reserved ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
    const root = document.documentElement.style;
    if (reserved) root.setProperty("--dialer-dock-w", DOCK_COLUMN);
    else root.removeProperty("--dialer-dock-w");
  }, [mounted, reserved]);
  return reserved ? (
    <div
      aria-hidden
      data-testid="dialer-dock-column"
      className="hidden shrink-0 min-[1360px]:block"
      style={{ width: DOCK_COLUMN }}
    />
  ) : null;
}
