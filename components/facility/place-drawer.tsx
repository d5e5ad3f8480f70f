"use client";

import { useDialer } from "@/components/dialer/dialer-provider";
import { businessContextOf } from "@/lib/calls/business-context";
import { dialableDigits } from "@/lib/targets/format";
import { FacilityDrawer } from "./facility-drawer";
import type { PlaceDrawerState } from "./use-place-drawer";

/** The facility drawer of a place a list opened (usePlaceDrawer), whose Call dials it. */
export function PlaceDrawer({ drawer }: { drawer: PlaceDrawerState }) {
  const dialer = useDialer();
  return (
    <FacilityDrawer
      place={drawer.place}
      open={drawer.open}
      onOpenChange={drawer.setOpen}
      onCall={(phone) => {
        const digits = dialableDigits(phone);
        const place = drawer.place;
        if (!digits || dialer.isActive || !place) return;
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
