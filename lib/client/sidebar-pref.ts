"use client";

import { useCallback, useSyncExternalStore } from "react";
import { SIDEBAR_COOKIE, SIDEBAR_KEY } from "./sidebar-keys";

/**
 * The sidebar's collapsed flag (spec: "the choice is remembered"). localStorage is the
 * source of truth; a cookie mirrors it only so the server renders the remembered width on
 * the first paint (no layout shift after hydration).
 */
const EVENT = "sidebar:change";

function read(fallback: boolean): boolean {
  try {
    const v = window.localStorage.getItem(SIDEBAR_KEY);
    return v === null ? fallback : v === "1";
  } catch {
    return fallback;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function useSidebarCollapsed(initial: boolean): [boolean, (next: boolean) => void] {
  const collapsed = useSyncExternalStore(
    subscribe,
    () => read(initial),
    () => initial,
  );
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(SIDEBAR_KEY, next ? "1" : "0");
    } catch {
      // storage unavailable: the cookie below still remembers it
    }
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [collapsed, set];
}
