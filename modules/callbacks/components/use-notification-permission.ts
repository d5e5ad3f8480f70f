"use client";

import { useCallback, useSyncExternalStore } from "react";

type Permission = NotificationPermission | "unsupported";

// The browser has no event for a permission change made elsewhere (site settings); asking here
// notifies the subscribers itself.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = (): Permission =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

/** The page's browser-notification permission, and a way to ask for it (on a click only). */
export function useNotificationPermission() {
  const permission = useSyncExternalStore(subscribe, current, () => "unsupported" as Permission);
  const request = useCallback(async () => {
    if (typeof Notification === "undefined") return;
    await Notification.requestPermission();
    listeners.forEach((l) => l());
  }, []);
  return { permission, request };
}
