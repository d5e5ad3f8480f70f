"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import type { LazyMenuOpen } from "@/components/ui/lazy-menu";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/ui/cn";

/** The alarm popover itself, loaded on first use (dialer-alarm-menu.tsx). */
export default function DialerAlarmPopover({
  dir,
  trigger,
  defaultOpen,
}: LazyMenuOpen & { dir: "ltr" | "rtl"; trigger: React.ReactElement }) {
  const t = useTranslations("Dialer");
  const [notes, setNotes] = useState("");
  const notesId = useId();
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        className="w-64 p-3"
        dir={dir}
        aria-label={t("alarm")}
        data-testid="dialer-alarm-panel"
      >
        <label htmlFor={notesId} className="mb-1 block text-xs font-medium text-fg">
          {t("alarmNotes")}
        </label>
        <textarea
          id={notesId}
          rows={3}
          // Opening the panel means "write a note": start there.
          autoFocus
          value={notes}
          placeholder={t("alarmNotesPlaceholder")}
          onChange={(e) => setNotes(e.target.value)}
          // Keys typed here are the note's, not the dialer's keypad shortcuts; Escape still closes.
          onKeyDown={(e) => {
            if (e.key !== "Escape") e.stopPropagation();
          }}
          className={cn(controlClass, "resize-none px-2 py-1.5")}
        />
        <Button size="sm" className="mt-2 w-full">
          {t("saveAlarm")}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
