// The cookie that mirrors whether the layout keeps a column for the docked dialer (docked and
// not minimised; local storage holds the rep's choices, see lib/client/storage/keys.ts), so the
// server renders the page at its final width (no shift after hydration). Absent: a column, the
// default. A plain constant module: the server layout imports it, and it must not import lib/client.
export const DIALER_DOCK_COOKIE = "dialer_dock";

/** From this width the dialer docks in a column beside the page (a 1366 px laptop and up). */
export const DOCK_MIN_WIDTH = 1360;
export const DOCK_MEDIA = `(min-width: ${DOCK_MIN_WIDTH}px)`;
