"use client";

import { Headphones } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useFocusFirstItem, type LazyMenuOpen } from "@/components/ui/lazy-menu";
import { AudioDevicesDialog } from "@/modules/dialer/components/audio-devices-dialog";
import { useStoredValue } from "@/lib/client/storage";
import { machineDetectionKey } from "@/modules/dialer/lib/storage-keys";

/**
 * The dialer settings menu itself, loaded on first use (dialer-settings-menu.tsx): Dialer
 * Sounds, Detect answering machines (modules/dialer/lib/amd/on-call.ts), Audio devices
 * (microphone and speaker for real calls), and the spec's Auto-advance placeholder.
 */
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
  const [devicesOpen, setDevicesOpen] = useState(false);
  const [detectMachines, setDetectMachines] = useStoredValue(machineDetectionKey);
  return (
    <>
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
          <DropdownMenuCheckboxItem
            checked={detectMachines}
            onCheckedChange={(checked) => setDetectMachines(checked === true)}
            onSelect={(e) => e.preventDefault()}
            data-testid="dialer-machine-detection"
          >
            {t("machineDetection")}
          </DropdownMenuCheckboxItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled>
            <span className="size-4" aria-hidden />
            <span className="flex-1">{t("autoAdvance")}</span>
            <span className="text-xs text-fg-muted">{t("comingSoon")}</span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDevicesOpen(true)}>
            <Headphones aria-hidden className="size-4" />
            <span className="flex-1">{t("audioDevices")}</span>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AudioDevicesDialog open={devicesOpen} onOpenChange={setDevicesOpen} />
    </>
  );
}
