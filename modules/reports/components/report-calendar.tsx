"use client";

import { DayPicker, type ChevronProps, type ClassNames } from "react-day-picker";
import { ChevronDown, ChevronLeft, ChevronRight } from "lucide-react";
import { endOfDay, startOfDay } from "date-fns";
import { useLocale, useTranslations } from "next-intl";
import { dayPickerLocale } from "@/modules/reports/components/date-locale";
import { useDirection } from "@/components/ui";
import { isSingleDay, monthBounds, type CalendarSelection } from "@/modules/reports/lib/calendar";
import type { Clock } from "@/modules/reports/lib/presets";

// Token classes only (app/globals.css), so both themes come with them. Selection is drawn through
// our own modifiers (`edge`, `middle`) because the clicks follow our rules, not DayPicker's modes.
const classNames: Partial<ClassNames> = {
  root: "relative w-fit max-w-full",
  months: "relative",
  month: "grid gap-3",
  nav: "absolute inset-x-0 top-0 flex h-9 items-center justify-between",
  button_previous:
    "inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg aria-disabled:pointer-events-none aria-disabled:opacity-40",
  button_next:
    "inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg aria-disabled:pointer-events-none aria-disabled:opacity-40",
  month_caption: "flex h-9 items-center justify-center px-10",
  dropdowns: "flex items-center gap-2",
  dropdown_root: "relative",
  dropdown:
    "h-9 cursor-pointer appearance-none rounded-lg border border-line-strong bg-surface ps-2.5 pe-7 text-sm font-medium text-fg focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/40",
  caption_label:
    "pointer-events-none absolute inset-y-0 end-2 flex items-center text-transparent [&>svg]:text-fg-muted",
  month_grid: "border-collapse",
  weekdays: "",
  weekday: "size-10 p-0 text-center text-xs font-medium text-fg-muted",
  weeks: "",
  week: "",
  day: "size-10 p-0 text-center",
  day_button:
    "inline-flex size-10 items-center justify-center rounded-md text-sm text-fg tabular-nums hover:bg-surface-muted",
  selected: "",
  today: "font-bold [&>button]:underline [&>button]:decoration-2 [&>button]:underline-offset-4",
  hidden: "invisible",
  outside: "",
  disabled: "opacity-40",
  focused: "",
  range_start: "",
  range_middle: "",
  range_end: "",
};

const modifiersClassNames = {
  edge: "[&>button]:bg-primary [&>button]:text-primary-fg [&>button]:hover:bg-primary-hover",
  middle:
    "bg-primary-soft [&>button]:rounded-none [&>button]:text-primary-soft-fg [&>button]:hover:bg-transparent",
};

function Chevron({ orientation, className }: ChevronProps) {
  if (orientation === "down") return <ChevronDown aria-hidden className="size-4" />;
  // DayPicker draws left for "previous" whatever the direction; flip both in right-to-left.
  const Icon = orientation === "left" ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden className={`size-5 rtl:rotate-180 ${className ?? ""}`} />;
}

/**
 * The month calendar: month and year dropdowns over the years yearOptions() lists, locale month
 * and weekday names, keyboard navigation (DayPicker's grid) and right-to-left. Clicks go to
 * `onDayClick`; what they mean (single day, range rules) is decided by modules/reports/lib/calendar.
 */
export function ReportCalendar({
  selection,
  month,
  onMonthChange,
  onDayClick,
  clock,
  labelledBy,
}: {
  selection: CalendarSelection;
  month: Date;
  onMonthChange: (month: Date) => void;
  onDayClick: (day: Date) => void;
  clock: Clock;
  labelledBy: string;
}) {
  const locale = useLocale();
  const t = useTranslations("Reports.calendar");
  const dir = useDirection();
  const { startMonth, endMonth } = monthBounds(clock);

  const { start, end } = selection;
  const edges = start ? (end && !isSingleDay(selection) ? [start, end] : [start]) : [];
  const inside =
    start && end && !isSingleDay(selection)
      ? { after: endOfDay(start), before: startOfDay(end) }
      : undefined;
  const all = start ? { from: startOfDay(start), to: endOfDay(end ?? start) } : undefined;

  return (
    <DayPicker
      aria-labelledby={labelledBy}
      locale={dayPickerLocale(locale)}
      dir={dir}
      month={month}
      onMonthChange={onMonthChange}
      startMonth={startMonth}
      endMonth={endMonth}
      captionLayout="dropdown"
      today={clock()}
      onDayClick={onDayClick}
      modifiers={{
        selected: all,
        edge: edges,
        middle: inside,
      }}
      modifiersClassNames={modifiersClassNames}
      classNames={classNames}
      components={{ Chevron }}
      labels={{
        // The name starts with the day number the button shows (WCAG 2.5.3: "click 26" works
        // by voice; DayPicker's "Thursday, November 26th, 2026" did not contain "26"), and its
        // today/selected words are translated.
        labelDayButton: (date, modifiers, _options, dateLib) => {
          const day = dateLib!.format(date, "d");
          const full = dateLib!.format(date, "PPPP");
          const label = modifiers.today
            ? t("dayToday", { day, date: full })
            : t("day", { day, date: full });
          return modifiers.selected ? t("daySelected", { label }) : label;
        },
      }}
    />
  );
}
