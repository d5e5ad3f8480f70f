"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useNow } from "@/components/facility/use-now";
import { nextUpcomingAppointment } from "@/lib/facility/appointments";
import { useFacility } from "@/lib/facility/store";
import type { Place } from "@/lib/places/schemas";
import type { ParsedAddress } from "@/lib/targets/format";

// The wiring point between the Targets table and the facility local data (lib/facility/store.ts
// and components/facility/facility-drawer.tsx): the table reads the next appointment and the
// address override per row. Dial Count is the team's, from the call records (useCallStats).

export type RowFacility = {
  /** Epoch ms of the next upcoming appointment, or null. */
  nextAppointment: number | null;
  addressOverride: Partial<ParsedAddress> | null;
};

export function useRowFacility(placeId: string): RowFacility {
  const { data } = useFacility(placeId);
  const now = useNow();
  return {
    nextAppointment: now ? (nextUpcomingAppointment(data, now)?.ts ?? null) : null,
    addressOverride: data.addressOverride,
  };
}

// The drawer (Radix Dialog, the map, notes, appointments: ~35 KiB gz) loads when a row is first
// opened, not with the Targets page; it stays mounted afterwards so it can animate closed.
const FacilityDrawer = dynamic(
  () => import("@/components/facility/facility-drawer").then((m) => m.FacilityDrawer),
  { ssr: false },
);

export function TargetsFacilityDrawer(props: {
  place: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCall: (phone: string) => void;
  modal?: boolean;
}) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <FacilityDrawer {...props} /> : null;
}
