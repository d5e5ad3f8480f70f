import { addDays, startOfDay } from "date-fns";
import { CALL_LIST_FILTERS } from "@/modules/calls/lib/constants";
import { localDateTimeToTs } from "@/modules/facility/lib/validation";
import type { CallLogFilters } from "./keys";

/** What the Call Log's filter controls hold: date inputs ("YYYY-MM-DD") and the outcome. */
export type CallLogForm = { from: string; to: string; disposition: string };

export const emptyCallLogForm: CallLogForm = { from: "", to: "", disposition: "" };

const dayStart = (date: string) => {
  const ts = localDateTimeToTs(date, "00:00");
  return ts === null ? null : startOfDay(ts);
};

/**
 * The API filters for the form: whole days in the rep's time zone, from the start of the From
 * day to the end of the To day (exclusive: the next midnight). Days given the wrong way round are
 * swapped; an empty or malformed day leaves that end open; an unknown outcome means all.
 */
export function toCallLogFilters(form: CallLogForm): CallLogFilters {
  let from = form.from ? dayStart(form.from) : null;
  let to = form.to ? dayStart(form.to) : null;
  if (from && to && to < from) [from, to] = [to, from];
  return {
    from: from ? from.toISOString() : null,
    to: to ? addDays(to, 1).toISOString() : null,
    disposition: (CALL_LIST_FILTERS as readonly string[]).includes(form.disposition)
      ? form.disposition
      : null,
  };
}

export const isFiltered = (form: CallLogForm) =>
  form.from !== "" || form.to !== "" || form.disposition !== "";
