"use client";

import { useTranslations } from "next-intl";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useFocusFirstItem, type LazyMenuOpen } from "@/components/ui/lazy-menu";

/** The dialer settings menu itself, loaded on first use (dialer-settings-menu.tsx). */
export default function DialerSettingsDropdown({
  dir,
  soundsEnabled,
  onSoundsChange,
  trigger,
  defaultOpen,
  focusFirstItem,
}: LazyMenuOpen & {
  dir: "ltr" | "rtl";
  soundsEnabled: boolean;
  onSoundsChange: (on: boolean) => void;
  trigger: React.ReactElement;
}) {
  const contentRef = useFocusFirstItem(focusFirstItem);
  const t = useTranslations("Dialer");
  return (
    <DropdownMenu dir={dir} modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-56" ref={contentRef}>
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
