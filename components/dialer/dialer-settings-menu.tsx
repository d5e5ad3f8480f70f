"use client";

import { Settings } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  IconButton,
} from "@/components/ui";

/** Dialer Sounds and two placeholder options the spec lists without behaviour. */
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
    <DropdownMenu dir={dir} modal={false}>
      <DropdownMenuTrigger asChild>
        <IconButton label={t("settings")} size="sm" data-testid="dialer-settings-trigger">
          <Settings aria-hidden />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-56">
        <DropdownMenuCheckboxItem
          checked={soundsEnabled}
          onCheckedChange={(checked) => onSoundsChange(checked === true)}
          onSelect={(e) => e.preventDefault()}
        >
          {t("sounds")}
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        {(["autoAdvance", "audioDevices"] as const).map((key) => (
          <DropdownMenuItem key={key} disabled>
            <span className="size-4" aria-hidden />
            <span className="flex-1">{t(key)}</span>
            <span className="text-xs text-fg-muted">{t("comingSoon")}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
