"use client";

import { Settings } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { LazyMenu } from "@/components/ui/lazy-menu";

const loadDropdown = () => import("@/modules/dialer/components/dialer-settings-dropdown");

/**
 * Dialer Sounds, Detect answering machines, Audio devices, and the spec's Auto-advance
 * placeholder. The menu's code loads when it is first used (components/ui/lazy-menu.tsx).
 */
export function DialerSettingsMenu({
  dir,
  soundsEnabled,
  onSoundsChange,
}: {
  dir: "ltr" | "rtl";
  soundsEnabled: boolean;
  onSoundsChange: (on: boolean) => void;
}) {
  const t = useTranslations("Dialer");
  return (
    <LazyMenu
      load={loadDropdown}
      props={{ dir, soundsEnabled, onSoundsChange }}
      trigger={
        <IconButton label={t("settings")} size="sm" data-testid="dialer-settings-trigger">
          <Settings aria-hidden />
        </IconButton>
      }
    />
  );
}
