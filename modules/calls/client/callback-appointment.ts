import "client-only";
import { format } from "date-fns";
import { DURATION_DEFAULT } from "@/modules/facility/lib/limits";
import { updateFacility } from "@/modules/facility/lib/store";
import { addAppointment } from "@/modules/facility/lib/updaters";
import { CALLBACKS_CHANGED_EVENT } from "@/modules/callbacks/lib/times";
import { syncPlacesInBackground } from "@/modules/records/client/background";
import { rememberAccount } from "@/modules/records/client/sync-keys";
import type { DispositionAnswer } from "./record-body";
import { newCallId } from "./uuid";

/** The business a call was made to, as the dialer knew it. */
export type CalledPlace = {
  placeId: string;
  placeName?: string | null;
  phone?: string | null;
  /** Kept with the business, so the Callbacks screen shows the time there too. */
  utcOffsetMinutes?: number | null;
};

/**
 * A Callback outcome becomes an appointment on the business (the rep's facility data in this
 * browser, shown in the drawer and the Targets table), at the chosen time, for the default
 * length, marked as a callback (`kind`; each screen words that in its own language) with the
 * rep's note as written: an English "Callback:" stored in the note read as English in Arabic. It is sent to the team's records at once,
 * with the business's name, so the Callbacks screen lists it even if the business's drawer is
 * never opened. Nothing happens for other outcomes or for a call not made to a business.
 */
export function addCallbackAppointment(
  place: CalledPlace | null | undefined,
  answer: DispositionAnswer,
): boolean {
  if (!place?.placeId || answer.disposition !== "callback" || answer.callbackAt === undefined)
    return false;
  return addReminder(place, new Date(answer.callbackAt), answer.note ?? "", "callback");
}

/** An appointment on the business at `at` (the dialer's Alarm, a Callback outcome), synced. */
export function addReminder(
  place: CalledPlace,
  at: Date,
  note: string,
  kind?: "callback",
): boolean {
  const result = updateFacility(
    place.placeId,
    addAppointment(
      {
        date: format(at, "yyyy-MM-dd"),
        time: format(at, "HH:mm"),
        durationMin: DURATION_DEFAULT,
        note,
      },
      { id: newCallId(), kind },
    ),
  );
  if (!(result.ok && result.changed)) return false;
  rememberAccount(place.placeId, {
    name: place.placeName,
    phone: place.phone,
    utcOffsetMinutes: place.utcOffsetMinutes,
  });
  // The place's sync (a first one uploads whatever else this browser keeps of it too).
  void syncPlacesInBackground([place.placeId]).then(() =>
    window.dispatchEvent(new Event(CALLBACKS_CHANGED_EVENT)),
  );
  return true;
}
