"use client";

import { useState } from "react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { Bell, Building2, CalendarClock, PhoneCall } from "lucide-react";
import {
  isCallActive,
  useDialerCommands,
  useDialerValue,
} from "@/modules/dialer/components/dialer-provider";
import { PlaceDrawer } from "@/modules/facility/components/place-drawer";
import { usePlaceDrawer } from "@/modules/facility/components/use-place-drawer";
import { Button, EmptyState, IconBadge, ListError, ListLoading, Spinner } from "@/components/ui";
import { toast } from "@/components/ui/toaster";
import {
  businessWallClock,
  groupOf,
  offsetLabel,
  type CallbackGroup,
} from "@/modules/callbacks/lib/times";
import { useCallbacks, type CallbackScope } from "@/modules/callbacks/client/callbacks";
import type { Callback } from "@/modules/records/lib/schemas";
import { dialableDigits } from "@/modules/targets/lib/format";
import { cn } from "@/lib/ui/cn";
import { useNotificationPermission } from "./use-notification-permission";

const groups: CallbackGroup[] = ["overdue", "today", "later"];

/**
 * Callbacks (/app/callbacks): the appointments and callbacks the rep booked (or the
 * team's), overdue first, then the rest of today, then the coming week, each with the business
 * it is for, the time in the rep's zone and at the business, Call and Open business. The list
 * refreshes every minute; reminders ring from modules/callbacks/components/callback-reminders.tsx.
 */
export function CallbacksView() {
  const t = useTranslations("Callbacks");
  const [scope, setScope] = useState<CallbackScope>("mine");
  const list = useCallbacks(scope);
  const now = useNow({ updateInterval: 30_000 });
  const dialer = useDialerCommands();
  const callActive = useDialerValue(isCallActive);
  const drawer = usePlaceDrawer({ onError: () => toast.error(t("placeError")) });
  const callbacks = list.data?.callbacks ?? [];
  const byGroup = new Map<CallbackGroup, Callback[]>(groups.map((g) => [g, []]));
  for (const c of callbacks) byGroup.get(groupOf(new Date(c.dueAt), now))!.push(c);

  const call = (c: Callback) => {
    const digits = c.business?.phone ? dialableDigits(c.business.phone) : null;
    if (!digits || callActive) return;
    dialer.setMinimised(false);
    dialer.dial(digits, {
      placeId: c.placeId,
      placeName: c.business?.name ?? null,
      utcOffsetMinutes: c.business?.utcOffsetMinutes ?? null,
    });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div
          role="group"
          aria-label={t("scope")}
          className="inline-flex rounded-lg border border-line bg-surface p-0.5"
          data-testid="callbacks-scope"
        >
          {(["mine", "team"] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={scope === s}
              onClick={() => setScope(s)}
              className={cn(
                "min-h-9 rounded-md px-4 text-sm font-medium text-fg-muted focus-visible:outline-2 focus-visible:outline-focus",
                scope === s && "bg-primary text-primary-fg",
              )}
              data-testid={`callbacks-scope-${s}`}
            >
              {t(s)}
            </button>
          ))}
        </div>
        <NotificationsControl />
      </div>

      <section aria-label={t("listLabel")} aria-busy={list.isFetching} data-testid="callbacks">
        {list.isPending ? (
          <ListLoading label={t("loading")} testId="callbacks-loading" />
        ) : list.isError && callbacks.length === 0 ? (
          <ListError
            message={t("error")}
            retryLabel={t("retry")}
            onRetry={() => void list.refetch()}
            testId="callbacks-error"
          />
        ) : callbacks.length === 0 ? (
          <div data-testid="callbacks-empty">
            <EmptyState
              icon={CalendarClock}
              title={t("empty")}
              description={t("emptyHint")}
              headingLevel={2}
            />
          </div>
        ) : (
          <div className="grid gap-6">
            {groups.map((group) => {
              const items = byGroup.get(group)!;
              if (items.length === 0) return null;
              return (
                <section
                  key={group}
                  aria-labelledby={`callbacks-${group}`}
                  data-testid={`callbacks-${group}`}
                >
                  <h2
                    id={`callbacks-${group}`}
                    className={cn(
                      "mb-2 text-sm font-semibold text-fg",
                      group === "overdue" && "text-danger-text",
                    )}
                  >
                    {t(group)} <span className="text-fg-muted">({items.length})</span>
                  </h2>
                  <ul className="grid gap-2">
                    {items.map((c) => (
                      <CallbackRow
                        key={`${c.placeId}/${c.itemId}`}
                        callback={c}
                        overdue={group === "overdue"}
                        showBooker={scope === "team"}
                        callDisabled={callActive}
                        onCall={() => call(c)}
                        opening={drawer.opening === c.placeId}
                        onOpen={() => void drawer.openPlace(c.placeId)}
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
            {list.data?.truncated ? (
              <p className="text-sm text-fg-muted">{t("truncated", { count: callbacks.length })}</p>
            ) : null}
          </div>
        )}
      </section>

      <PlaceDrawer drawer={drawer} />
    </div>
  );
}

function CallbackRow({
  callback: c,
  overdue,
  showBooker,
  callDisabled,
  onCall,
  opening,
  onOpen,
}: {
  callback: Callback;
  overdue: boolean;
  showBooker: boolean;
  callDisabled: boolean;
  onCall: () => void;
  opening: boolean;
  onOpen: () => void;
}) {
  const t = useTranslations("Callbacks");
  const format = useFormatter();
  const due = new Date(c.dueAt);
  const name = c.business?.name ?? t("unnamed");
  const offset = c.business?.utcOffsetMinutes ?? null;
  const digits = c.business?.phone ? dialableDigits(c.business.phone) : null;
  // In the browser's own zone (next-intl's default is the server's).
  const yourTime = format.dateTime(due, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  const businessTime =
    offset === null
      ? null
      : format.dateTime(businessWallClock(due, offset), {
          timeZone: "UTC",
          weekday: "short",
          hour: "numeric",
          minute: "2-digit",
        });

  return (
    <li
      className={cn(
        "grid gap-2 rounded-xl border border-line bg-surface px-4 py-3",
        overdue && "border-danger-text/40",
      )}
      data-testid="callback"
      data-item-id={c.itemId}
    >
      <div className="flex min-w-0 items-start gap-3">
        <IconBadge icon={Building2} tone={overdue ? "danger" : "brand"} size="sm" />
        <div className="grid min-w-0 gap-1">
          <p className="truncate font-medium text-fg" data-testid="callback-business">
            <bdi>{name}</bdi>
          </p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-fg-muted">
            <time dateTime={c.dueAt} className="text-fg" data-testid="callback-time">
              <span className="sr-only">{t("yourTime")}: </span>
              <bdi>{yourTime}</bdi>
            </time>
            {businessTime !== null && offset !== null ? (
              <span data-testid="callback-business-time">
                {t.rich("businessTime", {
                  time: businessTime,
                  offset: offsetLabel(offset),
                  t: (chunks) => <bdi>{chunks}</bdi>,
                  o: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
                })}
              </span>
            ) : null}
            {c.durationMin ? <span>{t("minutes", { count: c.durationMin })}</span> : null}
          </p>
          {c.note || c.callback ? (
            <p className="text-sm break-words text-fg" data-testid="callback-note">
              {c.callback ? <span className="font-medium">{t("callbackLabel")}</span> : null}
              {c.callback && c.note ? ": " : null}
              {c.note ? <bdi>{c.note}</bdi> : null}
            </p>
          ) : null}
          {showBooker ? (
            <p className="text-xs text-fg-muted" data-testid="callback-booker">
              {t.rich("bookedBy", { name: c.bookedBy, b: (chunks) => <bdi>{chunks}</bdi> })}
            </p>
          ) : null}
        </div>
      </div>
      {/* Under the details, on the start side, as in the Call Log and Missed Calls: the floating
          dialer rests over the end side of the page on a desktop. */}
      <div className="flex flex-wrap gap-2">
        {digits ? (
          <Button
            size="sm"
            onClick={onCall}
            disabled={callDisabled}
            aria-label={t("callLabel", { name })}
            data-testid="callback-call"
          >
            <PhoneCall aria-hidden />
            {t("call")}
          </Button>
        ) : (
          <span className="self-center text-xs text-fg-muted">{t("noNumber")}</span>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={onOpen}
          disabled={opening}
          aria-label={t("openLabel", { name })}
          data-testid="callback-open"
        >
          {opening ? <Spinner className="size-4" /> : <Building2 aria-hidden />}
          {t("open")}
        </Button>
      </div>
    </li>
  );
}

/** Asks for browser notifications (reminders in other tabs); says where it stands. */
function NotificationsControl() {
  const t = useTranslations("Callbacks");
  const { permission, request } = useNotificationPermission();
  if (permission === "unsupported") return null;
  return (
    <div
      className="flex items-center gap-2 text-sm text-fg-muted"
      data-testid="callbacks-notifications"
    >
      <Bell aria-hidden className="size-4 shrink-0" />
      {permission === "default" ? (
        <>
          <span className="sr-only">{t("notificationsOff")}</span>
          <Button size="sm" variant="secondary" onClick={() => void request()}>
            {t("allowNotifications")}
          </Button>
        </>
      ) : (
        <span>{permission === "granted" ? t("notificationsOn") : t("notificationsBlocked")}</span>
      )}
    </div>
  );
}
