import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getPlaceDetails } from "@/modules/places/lib/places-service";
import { callingWindow } from "@/modules/power-dial/lib/calling-window";
import { dialSettings } from "@/modules/power-dial/lib/preview";

/**
 * A power-dial call to a business outside its calling window is refused here as well as in the
 * browser's plan: the browser's check is only as good as the browser. The window is the same
 * one the plan used (the place's published hours in its own local time, else the instance's
 * DIAL_WINDOW / DIAL_WINDOW_DAYS), read from the same details the rep's browser was given (the
 * instance's details cache, so a session costs no extra Places calls). A place whose local time
 * cannot be known (no UTC offset) passes, as it does in the plan; a Places failure refuses the
 * call with its own error rather than dial unchecked.
 */
export async function assertInCallingWindow(placeId: string, now: Date) {
  const { place } = await getPlaceDetails(placeId);
  const window = callingWindow(place, now, dialSettings().window);
  if (window.state !== "closed") return;
  throw new ApiError("forbidden", "The business is outside its calling window", {
    code: "outside_calling_window",
    details: { opensInMinutes: window.opensInMinutes },
  });
}
