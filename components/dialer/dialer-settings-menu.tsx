"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, Settings } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton, menuContentClass, menuItemClass } from "./icon-button";

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
    <DropdownMenu.Root dir={dir} modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={t("settings")}>
          <Settings className="size-4" aria-hidden />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.CheckboxItem
            className={menuItemClass}
            checked={soundsEnabled}
            onCheckedChange={(checked) => onSoundsChange(checked === true)}
            onSelect={(e) => e.preventDefault()}
          >
            <span className="flex size-4 items-center justify-center rounded border border-slate-400 dark:border-slate-500">
              <DropdownMenu.ItemIndicator>
                <Check className="size-3" aria-hidden />
              </DropdownMenu.ItemIndicator>
            </span>
            {t("sounds")}
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {(["autoAdvance", "audioDevices"] as const).map((key) => (
            <DropdownMenu.Item key={key} className={menuItemClass} disabled>
              <span className="size-4" aria-hidden />
              <span className="flex-1">{t(key)}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{t("comingSoon")}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
