"use client";

import { useState } from "react";
import { CalendarPlus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, Field, IconButton, Input } from "@/components/ui";
import { sortedAppointments } from "@/lib/facility/appointments";
import { DURATION_MAX, DURATION_MIN, DURATION_STEP } from "@/lib/facility/data";
import type { FacilityData } from "@/lib/facility/schemas";
import type { UpdateResult } from "@/lib/facility/store";
import { addAppointment, removeAppointment, type Updater } from "@/lib/facility/updaters";
import {
  canAddAppointment,
  checkAppointmentDraft,
  emptyAppointmentDraft,
  type AppointmentDraft,
  type AppointmentError,
} from "@/lib/facility/validation";
import { useLocalTime } from "./use-local-time";

/** Spec 5 "Appointment": date and time required, 5-480 minutes in steps of 5, note optional. */
export function FacilityAppointments({
  data,
  update,
}: {
  data: FacilityData;
  update: (fn: Updater) => UpdateResult;
}) {
  const t = useTranslations("Facility");
  const time = useLocalTime();
  const [draft, setDraft] = useState<AppointmentDraft>(emptyAppointmentDraft);
  const [error, setError] = useState<AppointmentError | null>(null);
  const set = (patch: Partial<AppointmentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };
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
                {a.note ? <p className="mt-0.5 break-words text-fg-muted">{a.note}</p> : null}
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
