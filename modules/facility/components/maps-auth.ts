import "client-only";
import { useSyncExternalStore } from "react";

declare global {
  interface Window {
    /** Called by the Google Maps script when it rejects the API key. */
    gm_authFailure?: () => void;
  }
}

// A rejected key never reaches the maps library's onError: the script only calls the global
// gm_authFailure. It is page-wide and happens once per page load, so it is kept here.
let authFailed = false;
const listeners = new Set<() => void>();

function install() {
  if (typeof window === "undefined" || window.gm_authFailure) return;
  window.gm_authFailure = () => {
    authFailed = true;
    listeners.forEach((listener) => listener());
  };
}

function subscribe(listener: () => void) {
  install();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True once the maps script has said the API key is not accepted. */
export function useMapsAuthFailed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => authFailed,
    () => false,
  );
}
