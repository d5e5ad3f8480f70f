import type { Appointment, FacilityData } from "./schemas";

const MINUTE = 60_000;

/**
 * The appointment the rep has next: the earliest one that has not ended yet (one in progress
 * still counts, so the table keeps showing it until it is over), or null.
 */
export function nextUpcomingAppointment(
  data: Pick<FacilityData, "appointments">,
  now: number,
): Appointment | null {
  let next: Appointment | null = null;
  for (const a of data.appointments) {
    if (a.ts + a.durationMin * MINUTE <= now) continue;
    if (next === null || a.ts < next.ts) next = a;
  }
  return next;
}

/** Appointments earliest first, for the drawer's list. */
export function sortedAppointments(data: Pick<FacilityData, "appointments">): Appointment[] {
  return [...data.appointments].sort((a, b) => a.ts - b.ts);
}
