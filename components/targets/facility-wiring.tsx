"use client";

import type { Place } from "@/lib/places/schemas";
import type { ParsedAddress } from "@/lib/targets/format";

// WIRING POINT between the Targets table and the facility local data (helper "facility":
// lib/facility/store.ts and components/facility/facility-drawer.tsx). Until those land, the
// Dial Count and Appointment columns show a dash, a dial is not counted and Name opens
// nothing. When they land, only this file changes:
//   useRowFacility   -> useFacility(placeId): data.dialCount, nextUpcomingAppointment(data, now),
//                       data.addressOverride
//   recordTargetDial -> recordDial(placeId)
//   TargetsFacilityDrawer -> <FacilityDrawer place open onOpenChange onCall />

export type RowFacility = {
  dialCount: number | null;
  /** Epoch ms of the next upcoming appointment, or null. */
  nextAppointment: number | null;
  addressOverride: Partial<ParsedAddress> | null;
};

const none: RowFacility = { dialCount: null, nextAppointment: null, addressOverride: null };

export function useRowFacility(placeId: string): RowFacility {
  void placeId;
  return none;
}

export function recordTargetDial(placeId: string): void {
  void placeId;
}

export function TargetsFacilityDrawer(props: {
  place: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCall: (phone: string) => void;
}) {
  void props;
  return null;
}
