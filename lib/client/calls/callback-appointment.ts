import "client-only";
import { format } from "date-fns";
import { DURATION_DEFAULT } from "@/lib/facility/data";
import { updateFacility } from "@/lib/facility/store";
import { addAppointment } from "@/lib/facility/updaters";
import type { DispositionAnswer } from "./record-body";
import { newCallId } from "./uuid";

/**
 * A Callback outcome becomes an appointment on the business (the rep's facility data in this
 * browser, shown in the drawer and the Targets table), at the chosen time, for the default
 * length, noted with the label (and the rep's note). Nothing happens for other outcomes or for
 * a call that was not made to a business.
 */
export function addCallbackAppointment(
  placeId: string | null | undefined,
  answer: DispositionAnswer,
  label: string,
): boolean {
  if (!placeId || answer.disposition !== "callback" || answer.callbackAt === undefined)
    return false;
  const at = new Date(answer.callbackAt);
  const note = answer.note ? `${label}: ${answer.note}` : label;
  const result = updateFacility(
    placeId,
    addAppointment(
      {
        date: format(at, "yyyy-MM-dd"),
        time: format(at, "HH:mm"),
        durationMin: DURATION_DEFAULT,
        note,
      },
      { id: newCallId() },
    ),
  );
  return result.ok && result.changed;
}
