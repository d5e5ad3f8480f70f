"use client";

import { useNow } from "@/components/facility/use-now";
import { nextUpcomingAppointment } from "@/lib/facility/appointments";
import { useFacility } from "@/lib/facility/store";
import type { ParsedAddress } from "@/lib/targets/format";

// The wiring point between the Targets rows and the facility local data (lib/facility/store.ts):
// each row reads the next appointment and the address override. Dial Count is the team's, from
// the call records (targets-queries.tsx).

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
