"use client";

import { useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { Checkbox } from "@/components/ui";
import { singleKeyShortcutsKey, useStoredValue } from "@/lib/client/storage";

const noop = () => () => {};

/**
 * Single-key shortcuts on or off (WCAG 2.1.4): the outcome keys 1-9, a session's Space, Enter,
 * P and Escape, and M for mute. Kept in this browser; read at each key press, so it applies at
 * once everywhere.
 */
export function ShortcutsField() {
  const t = useTranslations("Settings");
  const [enabled, setEnabled] = useStoredValue(singleKeyShortcutsKey);
  // The stored value is the browser's: before hydration the box shows nothing checked.
  const mounted = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  return (
    <Checkbox
      id="settings-single-key"
      checked={mounted ? enabled : false}
      disabled={!mounted}
      onCheckedChange={(next) => setEnabled(next === true)}
      label={t("singleKeyShortcuts")}
      description={t("singleKeyShortcutsHint")}
    />
  );
}
