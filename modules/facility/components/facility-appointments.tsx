"use client";

import { useState } from "react";
import { CalendarPlus, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button, Field, IconButton, Input } from "@/components/ui";
import { sortedAppointments } from "@/modules/facility/lib/appointments";
import { DURATION_MAX, DURATION_MIN, DURATION_STEP } from "@/modules/facility/lib/limits";
import type { FacilityData } from "@/modules/facility/lib/schemas";
import type { UpdateResult } from "@/modules/facility/lib/store";
import { addAppointment, removeAppointment, type Updater } from "@/modules/facility/lib/updaters";
import { businessWallClock, offsetLabel } from "@/modules/callbacks/lib/times";

/** The new appointment's date field: the drawer's Appointments button brings the rep here. */
export const APPOINTMENT_DATE_ID = "facility-appointment-date";
import {
  canAddAppointment,
  localDateTimeToTs,
  checkAppointmentDraft,
  emptyAppointmentDraft,
  type AppointmentDraft,
  type AppointmentError,
} from "@/modules/facility/lib/validation";
import { useLocalTime } from "./use-local-time";

const draftComplete = (d: AppointmentDraft) => Boolean(d.date && d.time);

/** Spec 5 "Appointment": date and time required, 5-480 minutes in steps of 5, note optional. */
export function FacilityAppointments({
  data,
  update,
  utcOffsetMinutes = null,
}: {
  data: FacilityData;
  update: (fn: Updater) => UpdateResult;
  /** The business's UTC offset (Places), to show each time at the business too. */
  utcOffsetMinutes?: number | null;
}) {
  const t = useTranslations("Facility");
  const time = useLocalTime();
  const locale = useLocale();
  /** The instant at the business's clock, or null when its offset is unknown. */
  const atBusiness = (ts: number | null) => {
    if (ts === null || utcOffsetMinutes === null) return null;
    const wall = businessWallClock(new Date(ts), utcOffsetMinutes);
    const text = new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      weekday: "short",
      hour: "numeric",
      minute: "2-digit",
    }).format(wall);
    return t.rich("appointments.businessTime", {
      time: text,
      offset: offsetLabel(utcOffsetMinutes),
      t: (chunks) => <bdi>{chunks}</bdi>,
      o: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
    });
  };
  const [draft, setDraft] = useState<AppointmentDraft>(emptyAppointmentDraft);
  const [error, setError] = useState<AppointmentError | null>(null);
  const set = (patch: Partial<AppointmentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };
  const draftAtBusiness = draftComplete(draft)
    ? atBusiness(localDateTimeToTs(draft.date, draft.time))
    : null;
  const durationError = error === "durationRange" || error === "durationStep";

  const add = () => {
    const checked = checkAppointmentDraft(draft);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    update(addAppointment(draft, { id: crypto.randomUUID() }));
    setDraft(emptyAppointmentDraft);
  };

  const list = sortedAppointments(data);
  return (
    <div className="grid gap-3">
      <form
        className="grid gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <div className="grid grid-cols-2 gap-2">
          <Field
            id={APPOINTMENT_DATE_ID}
            label={t("appointments.date")}
            error={
              error === "dateRequired" || error === "dateTimeInvalid"
                ? t(`errors.${error}`)
                : undefined
            }
          >
            <Input type="date" value={draft.date} onChange={(e) => set({ date: e.target.value })} />
          </Field>
          <Field
            label={t("appointments.time")}
            error={error === "timeRequired" ? t(`errors.${error}`) : undefined}
          >
            <Input type="time" value={draft.time} onChange={(e) => set({ time: e.target.value })} />
          </Field>
        </div>
        <Field
          label={t("appointments.duration")}
          hint={t("appointments.durationHint")}
          error={durationError ? t(`errors.${error}`) : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={DURATION_MIN}
            max={DURATION_MAX}
            step={DURATION_STEP}
            value={draft.durationMin}
            onChange={(e) => set({ durationMin: e.target.value })}
          />
        </Field>
        <Field label={t("appointments.note")}>
          <Input value={draft.note} onChange={(e) => set({ note: e.target.value })} />
        </Field>
        <p className="text-xs text-fg-muted">{t("appointments.timeZone", { zone: time.zone })}</p>
        {draftAtBusiness ? (
          <p className="text-xs text-fg" data-testid="appointment-business-time">
            {draftAtBusiness}
          </p>
        ) : null}
        <Button
          type="submit"
          size="sm"
          className="justify-self-start"
          disabled={!canAddAppointment(draft)}
        >
          <CalendarPlus aria-hidden />
          {t("appointments.add")}
        </Button>
      </form>
      {list.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("appointments.none")}</p>
      ) : (
        <ul
          aria-label={t("appointments.title")}
          className="grid gap-2"
          data-testid="facility-appointments"
        >
          {list.map((a) => (
            <li key={a.id} className="flex items-start gap-2 rounded-lg bg-surface-muted p-2.5">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-fg">
                  <time dateTime={new Date(a.ts).toISOString()}>{time.format(a.ts)}</time>
                  {" · "}
                  {t("appointments.minutes", { count: a.durationMin })}
                </p>
                {utcOffsetMinutes !== null ? (
                  <p className="text-xs text-fg-muted">{atBusiness(a.ts)}</p>
                ) : null}
                {a.note || a.kind === "callback" ? (
                  <p className="mt-0.5 break-words text-fg-muted">
                    {[a.kind === "callback" ? t("appointments.callback") : null, a.note]
                      .filter(Boolean)
                      .join(": ")}
                  </p>
                ) : null}
              </div>
              <IconButton
                label={t("appointments.remove")}
                size="sm"
                tooltip={false}
                onClick={() => update(removeAppointment(a.id))}
              >
                <Trash2 aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
