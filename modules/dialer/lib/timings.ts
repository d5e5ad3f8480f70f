// Simulation timings and tone constants fixed by the spec (sections 4 and 9).
export const CONNECT_DELAY_MS = 600;
export const CALL_DURATION_MS = 20_000;
export const ENDED_TO_IDLE_MS = 1_200;
/** How often the elapsed-time display is refreshed while in a call. */
export const TICK_MS = 250;

export const TONE_DURATION_MS = 150;
export const TONE_GAIN = 0.2;
