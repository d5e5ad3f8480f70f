"use client";

import type { ComponentProps } from "react";
import { FacilityDrawer } from "@/modules/facility/components/facility-drawer";
import { MapsKeyProvider } from "@/modules/facility/components/maps-key";

/**
 * The facility drawer with the browser maps key its map popup reads: the key's provider comes
 * with the drawer's code (loaded when a row is first opened), not with the Targets page.
 */
export function KeyedFacilityDrawer({
  mapsKey,
  ...props
}: ComponentProps<typeof FacilityDrawer> & { mapsKey: string | null }) {
  return (
    <MapsKeyProvider apiKey={mapsKey}>
      <FacilityDrawer {...props} />
    </MapsKeyProvider>
  );
}
