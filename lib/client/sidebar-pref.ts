import "client-only";
import { useCallback } from "react";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";
import { sidebarCollapsedKey, useStoredValue } from "./storage";

/**
 * The sidebar's collapsed flag (spec: "the choice is remembered"). Local storage is the
 * source of truth; a cookie mirrors it only so the server renders the remembered width on
 * the first paint (no layout shift after hydration). Until a choice is stored, the cookie's
 * value (`initial`) holds.
 */
export function useSidebarCollapsed(initial: boolean): [boolean, (next: boolean) => void] {
  const [stored, setStored] = useStoredValue(sidebarCollapsedKey);
  const set = useCallback(
    (next: boolean) => {
      // Storage full or blocked: the cookie below still remembers it.
      setStored(next);
      document.cookie = `${SIDEBAR_COOKIE}=${next ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
    },
    [setStored],
  );
  return [stored ?? initial, set];
}
