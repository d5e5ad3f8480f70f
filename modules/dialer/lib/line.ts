import type { RepLineResponse } from "@/modules/telephony/lib/schemas";

/** The organization's phone line as the rep's page gets it: public settings and the rep's SIP address. */
export type RepLine = Extract<RepLineResponse, { configured: true }>["line"];

/** The Web Lock one tab of this browser holds the line with (other tabs show it in use). */
export const LINE_LOCK_NAME = "dialflow-phone-line";
