// The cookie that mirrors the sidebar's collapsed flag (local storage is the source of truth,
// see lib/client/storage/keys.ts), so the server layout renders the remembered width at once.
// A plain constant module: the server layout imports it, and it must not import lib/client.
export const SIDEBAR_COOKIE = "sidebar_collapsed";
