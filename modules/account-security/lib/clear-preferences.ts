import "client-only";
import { DIALER_DOCK_COOKIE } from "@/lib/shell/dialer-dock-cookie";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";
import {
  removeStored,
  sidebarCollapsedKey,
  singleKeyShortcutsKey,
  timeZoneKey,
  type StorageKey,
} from "@/lib/client/storage";
import {
  audioDevicesKey,
  dialerDockedKey,
  dialerMinimisedKey,
  dialerPositionKey,
  dialerSoundsKey,
  machineDetectionKey,
} from "@/modules/dialer/lib/storage-keys";
import { drawerMapKey } from "@/modules/facility/lib/store";
import { callbackPushKey } from "@/modules/callbacks/client/push-pref";

// Settings' Clear Preferences. Preferences are how this browser looks and behaves,
// nothing more: the session (auth.*), the interface language (a cookie the server reads), the
// local Profile form, facility data and anything that syncs to the server or waits to (records,
// the calls outbox, power-dial summaries) are data, and stay. next-themes' "theme" item is reset
// by the caller through next-themes itself, so the page follows at once.

/** Every stored preference key (lib/client/storage/keys.ts lists them all); the test holds the list complete. */
export const preferenceKeys: readonly StorageKey<unknown>[] = [
  timeZoneKey,
  sidebarCollapsedKey,
  dialerSoundsKey,
  dialerPositionKey,
  dialerMinimisedKey,
  dialerDockedKey,
  singleKeyShortcutsKey,
  drawerMapKey,
  audioDevicesKey,
  machineDetectionKey,
  callbackPushKey,
];

/** Removes the stored preferences (screens re-read their defaults) and the sidebar's cookie. */
export function clearStoredPreferences() {
  for (const key of preferenceKeys) removeStored(key);
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0; samesite=lax`;
  document.cookie = `${DIALER_DOCK_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
