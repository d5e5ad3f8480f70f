"use client";

import { usePresenceReport } from "@/modules/floor/hooks/use-presence-report";

/** Reports this tab's dialer state for the managers' live floor (mounted once, in the shell). */
export function PresenceReporter() {
  usePresenceReport();
  return null;
}
