"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { placeDetailsQuery } from "@/modules/places/client/places";
import type { Place } from "@/modules/places/lib/schemas";

/**
 * Opens a business's facility drawer from a list that keeps only its place id (calls and
 * callbacks keep the id, as Google's terms allow): the place is fetched through the server's
 * details cache (and kept a few minutes under the key the Call Log uses), then shown.
 */
export function usePlaceDrawer({ onError }: { onError: () => void }) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const [open, setOpen] = useState(false);

  const openPlace = async (placeId: string) => {
    setOpening(placeId);
    try {
      const answer = await queryClient.fetchQuery(placeDetailsQuery(placeId));
      setPlace(answer.place);
      setOpen(true);
    } catch {
      onError();
    } finally {
      setOpening(null);
    }
  };

  return { place, open, setOpen, opening, openPlace };
}

export type PlaceDrawerState = ReturnType<typeof usePlaceDrawer>;
