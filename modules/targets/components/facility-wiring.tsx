"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import type { Place } from "@/modules/places/lib/schemas";

// The wiring point between the Targets screen and the facility drawer
// (modules/facility/components/facility-drawer.tsx); the rows read the facility store through
// ./row-facility.ts.

// The drawer (Radix Dialog, the map, notes, appointments: ~35 KiB gz) loads when a row is first
// opened, not with the Targets page; it stays mounted afterwards so it can animate closed.
const FacilityDrawer = dynamic(
  () => import("./targets-facility-drawer").then((m) => m.KeyedFacilityDrawer),
  { ssr: false },
);

export function TargetsFacilityDrawer(props: {
  place: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCall: (phone: string) => void;
  driven?: boolean;
  /** The browser maps key for the drawer's map popup (read on the server at run time). */
  mapsKey: string | null;
}) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <FacilityDrawer {...props} /> : null;
}
