// Shared by the dashboard's query (modules/dashboard/client/dashboard.ts) and bench:analytics, which reports
// what one open dashboard costs the database.

/** How often an open dashboard asks again; TanStack Query pauses it while the tab is hidden. */
export const DASHBOARD_REFRESH_MS = 20_000;
