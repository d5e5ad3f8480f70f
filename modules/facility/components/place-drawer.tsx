"use client";

import dynamic from "next/dynamic";
import {
  isCallActive,
  useDialerCommands,
  useDialerValue,
} from "@/modules/dialer/components/dialer-provider";
import { businessContextOf } from "@/modules/calls/lib/business-context";
import { dialableDigits } from "@/modules/targets/lib/format";
import type { PlaceDrawerState } from "./use-place-drawer";

// The drawer (Radix Dialog, the map, notes, appointments) loads when a list first opens a
// business, not with the list's page; it stays mounted afterwards so it can animate closed.
const FacilityDrawer = dynamic(() => import("./facility-drawer").then((m) => m.FacilityDrawer), {
  ssr: false,
});

/** The facility drawer of a place a list opened (usePlaceDrawer), whose Call dials it. */
export function PlaceDrawer({ drawer }: { drawer: PlaceDrawerState }) {
  const dialer = useDialerCommands();
  const callActive = useDialerValue(isCallActive);
  if (!drawer.place) return null;
  return (
    <FacilityDrawer
      place={drawer.place}
      open={drawer.open}
      onOpenChange={drawer.setOpen}
      onCall={(phone) => {
        const digits = dialableDigits(phone);
        const place = drawer.place;
        if (!digits || callActive || !place) return;
        dialer.setMinimised(false);
        dialer.dial(digits, {
          placeId: place.place_id,
          placeName: place.name.trim() || null,
          ...businessContextOf(place),
        });
      }}
    />
  );
}
