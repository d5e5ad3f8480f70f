"use client";

import { format } from "date-fns";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import type { LazyMenuOpen } from "@/components/ui/lazy-menu";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { toast } from "@/components/ui/toaster";
import { addReminder } from "@/modules/calls/client/callback-appointment";
import { cn } from "@/lib/ui/cn";
import { useLastBusiness } from "@/modules/dialer/components/dialer-provider";

const HOUR_MS = 3_600_000;
/** The field's format (`<input type="datetime-local">`, the rep's own zone). */
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * The alarm popover itself, loaded on first use (dialer-alarm-menu.tsx): a reminder to call
 * back the business of the latest call, at a chosen time, with a note. It is booked as an
 * appointment on the business (the team's records), listed under Callbacks and rung there.
 */
export default function DialerAlarmPopover({
  dir,
  trigger,
  defaultOpen,
}: LazyMenuOpen & { dir: "ltr" | "rtl"; trigger: React.ReactElement }) {
  const t = useTranslations("Dialer");
  const formatter = useFormatter();
  const business = useLastBusiness();
  const [open, setOpen] = useState(Boolean(defaultOpen));
  const [notes, setNotes] = useState("");
  const [when, setWhen] = useState(() => format(Date.now() + HOUR_MS, LOCAL_FORMAT));
  const [error, setError] = useState<string | null>(null);
  const notesId = useId();
  const whenId = useId();
  const errorId = useId();

  const save = () => {
    if (!business) return;
    const at = new Date(when);
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      setError(t("alarmPast"));
      return;
    }
    const note = notes.trim() || t("alarmDefaultNote");
    if (!addReminder(business, at, note)) return;
    toast.success(
      t("alarmSaved", {
        time: formatter.dateTime(at, {
          dateStyle: "medium",
          timeStyle: "short",
        }),
      }),
    );
    setNotes("");
    setError(null);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        className="w-72 p-3"
        dir={dir}
        aria-label={t("alarm")}
        data-testid="dialer-alarm-panel"
      >
        {business ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
            // Keys typed here are the alarm's, not the dialer's keypad shortcuts; Escape closes.
            onKeyDown={(e) => {
              if (e.key !== "Escape") e.stopPropagation();
            }}
            className="grid gap-2"
          >
            <p className="text-sm font-medium text-fg" data-testid="dialer-alarm-business">
              {t.rich("alarmFor", {
                name: business.placeName?.trim() || t("alarmUnnamed"),
                b: (chunks) => <bdi>{chunks}</bdi>,
              })}
            </p>
            <label htmlFor={whenId} className="block text-xs font-medium text-fg">
              {t("alarmWhen")}
            </label>
            <input
              id={whenId}
              type="datetime-local"
              required
              value={when}
              onChange={(e) => {
                setWhen(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(controlClass, "px-2 py-1.5")}
              data-testid="dialer-alarm-when"
            />
            {error ? (
              <p id={errorId} role="alert" className="text-xs text-danger-text">
                {error}
              </p>
            ) : null}
            <label htmlFor={notesId} className="block text-xs font-medium text-fg">
              {t("alarmNotes")}
            </label>
            <textarea
              id={notesId}
              rows={3}
              maxLength={500}
              // Opening the panel means "write a note": start there.
              autoFocus
              value={notes}
              placeholder={t("alarmNotesPlaceholder")}
              onChange={(e) => setNotes(e.target.value)}
              className={cn(controlClass, "resize-none px-2 py-1.5")}
              data-testid="dialer-alarm-notes"
            />
            <Button type="submit" size="sm" className="w-full" data-testid="dialer-alarm-save">
              {t("saveAlarm")}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-fg-muted" data-testid="dialer-alarm-empty">
            {t("alarmNoBusiness")}
          </p>
        )}
      </PopoverContent>
    </Popover>
  );
}
