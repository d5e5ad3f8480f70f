"use client";

import { FacilityDrawer } from "@/components/facility/facility-drawer";
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

export function TargetsFacilityDrawer(props: {
  place: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCall: (phone: string) => void;
  modal?: boolean;
}) {
  return <FacilityDrawer {...props} />;
}
