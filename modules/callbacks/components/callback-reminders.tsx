"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import {
  isCallActive,
  useDialerCommands,
  useDialerValue,
} from "@/modules/dialer/components/dialer-provider";
import { toast } from "@/components/ui/toaster";
import { CALLBACKS_CHANGED_EVENT, dueReminders } from "@/modules/callbacks/lib/times";
import { useCallbacks } from "@/modules/callbacks/client/callbacks";
import { callbackPushKey } from "@/modules/callbacks/client/push-pref";
import { readStored } from "@/lib/client/storage";
import type { Callback } from "@/modules/records/lib/schemas";
import { dialableDigits } from "@/modules/targets/lib/format";

/** The longest a browser timer waits (about 24.8 days); a later one is set again on refresh. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Rings the rep's callbacks that come due while the app is open: a toast with Call
 * (or, without a number, the Callbacks screen) that stays until dismissed, and a browser
 * notification when the rep allowed them and is looking at another tab or window. Each rings
 * once; what was already overdue when the page opened is the Callbacks screen's to show. The
 * list is the Callbacks screen's own query (refreshed every minute, shared when both are open).
 * Loaded after the page, not in its first load (modules/shell/components/app-shell.tsx).
 */
export function CallbackReminders() {
  const t = useTranslations("Callbacks");
  const format = useFormatter();
  const router = useRouter();
  const dialer = useDialerCommands();
  const callActive = useDialerValue(isCallActive);
  const { data, refetch } = useCallbacks("mine");
  const [openedAt] = useState(() => Date.now());
  const rung = useRef(new Set<string>());
  const [tick, setTick] = useState(0);

  // The latest of what a ring needs, without re-arming the timer on every render.
  const ringRef = useRef<(c: Callback) => void>(() => {});
  useEffect(() => {
    ringRef.current = (c: Callback) => {
      const name = c.business?.name ?? t("unnamed");
      const title = t("reminderTitle", { name });
      const time = format.dateTime(new Date(c.dueAt), {
        hour: "numeric",
        minute: "2-digit",
      });
      const what = [c.callback ? t("callbackLabel") : null, c.note].filter(Boolean).join(": ");
      const description = what ? `${time} · ${what}` : time;
      const digits = c.business?.phone ? dialableDigits(c.business.phone) : null;
      void toast.info(title, {
        id: `callback-${c.itemId}`,
        description,
        duration: Infinity,
        closeButton: true,
        action: digits
          ? {
              label: t("call"),
              onClick: () => {
                if (callActive) return;
                dialer.setMinimised(false);
                dialer.dial(digits, {
                  placeId: c.placeId,
                  placeName: c.business?.name ?? null,
                  utcOffsetMinutes: c.business?.utcOffsetMinutes ?? null,
                });
              },
            }
          : { label: t("open"), onClick: () => router.push("/app/callbacks") },
      });
      if (
        typeof Notification !== "undefined" &&
        Notification.permission === "granted" &&
        readStored(callbackPushKey) &&
        document.visibilityState !== "visible"
      ) {
        const notice = new Notification(title, { body: description, tag: `callback-${c.itemId}` });
        notice.onclick = () => window.focus();
      }
    };
  });

  // A callback booked in this tab is listed as soon as the team's records have it.
  useEffect(() => {
    const refresh = () => void refetch();
    window.addEventListener(CALLBACKS_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(CALLBACKS_CHANGED_EVENT, refresh);
  }, [refetch]);

  useEffect(() => {
    if (!data) return;
    const now = Date.now();
    const { ring, nextAt } = dueReminders(data.callbacks, now, openedAt, rung.current);
    for (const c of ring) {
      rung.current.add(c.itemId);
      ringRef.current(c);
    }
    if (nextAt === null) return;
    const id = setTimeout(() => setTick((n) => n + 1), Math.min(nextAt - now, MAX_TIMER_MS));
    return () => clearTimeout(id);
  }, [data, openedAt, tick]);

  return null;
}
