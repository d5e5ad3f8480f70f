"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { AlarmClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { IconButton, menuContentClass } from "./icon-button";

/** Alarm notes and a Save Alarm button; the spec gives the button no behaviour yet. */
export function DialerAlarmMenu({ dir }: { dir: "ltr" | "rtl" }) {
  const t = useTranslations("Dialer");
  const [notes, setNotes] = useState("");
  const notesId = useId();
  return (
    <DropdownMenu.Root dir={dir} modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={t("alarm")}>
          <AlarmClock className="size-4" aria-hidden />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={`${menuContentClass} w-64 p-3`}>
          <label
            htmlFor={notesId}
            className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
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
            className="w-full resize-none rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <button
            type="button"
            className="mt-2 w-full rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("saveAlarm")}
          </button>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
