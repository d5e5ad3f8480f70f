"use client";

import { AlarmClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { LazyMenu } from "@/components/ui/lazy-menu";

const loadPopover = () => import("@/modules/dialer/components/dialer-alarm-popover");

/**
 * Alarm: a reminder to call back the business of the latest call. A popover,
 * not a menu: a menu may hold only menu items, and this holds a text field and a button.
 * Its code (Radix Popover) loads when it is first used (components/ui/lazy-menu.tsx).
 */
export function DialerAlarmMenu({ dir }: { dir: "ltr" | "rtl" }) {
  const t = useTranslations("Dialer");
  return (
    <LazyMenu
      popup="dialog"
      load={loadPopover}
      props={{ dir }}
      trigger={
        <IconButton label={t("alarm")} size="sm" data-testid="dialer-alarm-trigger">
          <AlarmClock aria-hidden />
        </IconButton>
      }
    />
  );
}
