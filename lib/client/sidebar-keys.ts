// Plain constants (no "use client"), so the server layout can read the cookie by name.
export const SIDEBAR_KEY = "sidebar.collapsed";
export const SIDEBAR_COOKIE = "sidebar_collapsed";
