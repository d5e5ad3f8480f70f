"use client";

import { FacilityDrawer } from "@/components/facility/facility-drawer";
import { useNow } from "@/components/facility/use-now";
import { nextUpcomingAppointment } from "@/lib/facility/appointments";
import { recordDial, useFacility } from "@/lib/facility/store";
import type { Place } from "@/lib/places/schemas";
import type { ParsedAddress } from "@/lib/targets/format";

// The wiring point between the Targets table and the facility local data (lib/facility/store.ts
// and components/facility/facility-drawer.tsx): the table reads Dial Count, the next
// appointment and the address override per row; a dial from the table or the drawer counts.

export type RowFacility = {
  dialCount: number | null;
  /** Epoch ms of the next upcoming appointment, or null. */
  nextAppointment: number | null;
  addressOverride: Partial<ParsedAddress> | null;
};

export function useRowFacility(placeId: string): RowFacility {
  const { data } = useFacility(placeId);
  const now = useNow();
  return {
    dialCount: data.dialCount,
    nextAppointment: now ? (nextUpcomingAppointment(data, now)?.ts ?? null) : null,
    addressOverride: data.addressOverride,
  };
}

export function recordTargetDial(placeId: string): void {
  recordDial(placeId);
}

export function TargetsFacilityDrawer(props: {
  place: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCall: (phone: string) => void;
}) {
  return <FacilityDrawer {...props} />;
}
