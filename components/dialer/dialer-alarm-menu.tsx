"use client";

import { AlarmClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import {
  Button,
  IconButton,
  Popover,
  PopoverContent,
  PopoverTrigger,
  controlClass,
} from "@/components/ui";
import { cn } from "@/lib/ui/cn";

/**
 * Alarm notes and a Save Alarm button; the spec gives the button no behaviour yet. A popover,
 * not a menu: a menu may hold only menu items, and this holds a text field and a button.
 */
export function DialerAlarmMenu({ dir }: { dir: "ltr" | "rtl" }) {
  const t = useTranslations("Dialer");
  const [notes, setNotes] = useState("");
  const notesId = useId();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <IconButton label={t("alarm")} size="sm" data-testid="dialer-alarm-trigger">
          <AlarmClock aria-hidden />
        </IconButton>
      </PopoverTrigger>
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
