"use client";

import { AlarmClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
  IconButton,
  controlClass,
} from "@/components/ui";
import { cn } from "@/lib/ui/cn";

/** Alarm notes and a Save Alarm button; the spec gives the button no behaviour yet. */
export function DialerAlarmMenu({ dir }: { dir: "ltr" | "rtl" }) {
  const t = useTranslations("Dialer");
  const [notes, setNotes] = useState("");
  const notesId = useId();
  return (
    <DropdownMenu dir={dir} modal={false}>
      <DropdownMenuTrigger asChild>
        <IconButton label={t("alarm")} size="sm" data-testid="dialer-alarm-trigger">
          <AlarmClock aria-hidden />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64 p-3">
        <label htmlFor={notesId} className="mb-1 block text-xs font-medium text-fg">
          {t("alarmNotes")}
        </label>
        <textarea
          id={notesId}
          rows={3}
          // Opening the menu means "write a note": start there (Radix keeps focus that is inside).
          autoFocus
          value={notes}
          placeholder={t("alarmNotesPlaceholder")}
          onChange={(e) => setNotes(e.target.value)}
          // The menu's type-ahead would steal letters typed here; Escape still closes it.
          onKeyDown={(e) => {
            if (e.key !== "Escape") e.stopPropagation();
          }}
          className={cn(controlClass, "resize-none px-2 py-1.5")}
        />
        <Button size="sm" className="mt-2 w-full">
          {t("saveAlarm")}
        </Button>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
