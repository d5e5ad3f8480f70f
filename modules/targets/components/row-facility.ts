"use client";

import { useNow } from "@/modules/facility/components/use-now";
import { nextUpcomingAppointment } from "@/modules/facility/lib/appointments";
import { useFacility } from "@/modules/facility/lib/store";
import type { ParsedAddress } from "@/modules/targets/lib/format";

// The wiring point between the Targets rows and the facility local data (modules/facility/lib/store.ts):
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
