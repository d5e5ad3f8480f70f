"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";
import { isLive, subscribeLive } from "@/lib/client/live";
import { readStored, subscribeStored } from "@/lib/client/storage";
import type { RecordsSync, SyncStatus } from "@/modules/records/client/engine";
import { emptySyncState, type ItemMeta } from "@/modules/records/client/merge";
import { recordsSyncFamily, rememberAccount } from "@/modules/records/client/sync-keys";

/**
 * While the live channel is down (lib/client/live.ts), the team's changes are pulled this often
 * while the drawer is open; while it is live, a teammate's change is pulled when it is announced.
 */
export const RECORDS_PULL_MS = 15_000;

const noMeta: Record<string, ItemMeta> = emptySyncState.meta;

/**
 * The team sync of one place while its drawer is open: loads the engine (and zod) on first use,
 * syncs on open, on window focus, when the browser is back online, when the live channel announces
 * a change of this business (else every 15 s), and queues the
 * rep's own changes as they are written to the facility store. Returns the sync status and
 * who changed each item when (by item key, modules/records/client/items.ts).
 */
export function useRecordsSync(
  placeId: string | null,
  open: boolean,
  /** The business as the drawer shows it: sent with pushes as the team's account record. */
  seen?: { name: string; phone?: string | null; utc_offset_minutes?: number | null } | null,
): { status: SyncStatus; meta: Record<string, ItemMeta> } {
  const key = placeId ? recordsSyncFamily.key(placeId) : null;
  const meta = useSyncExternalStore(
    subscribeStored,
    () => (key ? readStored(key).meta : noMeta),
    () => noMeta,
  );
  const [status, setStatus] = useState<{ placeId: string | null; value: SyncStatus }>({
    placeId: null,
    value: "idle",
  });

  const seenName = seen?.name;
  const seenPhone = seen?.phone;
  const seenOffset = seen?.utc_offset_minutes;
  const t = useTranslations("Facility.records");
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  });

  useEffect(() => {
    if (open && placeId)
      rememberAccount(placeId, { name: seenName, phone: seenPhone, utcOffsetMinutes: seenOffset });
  }, [open, placeId, seenName, seenPhone, seenOffset]);

  useEffect(() => {
    if (!open || !placeId) return;
    let engine: RecordsSync | null = null;
    let stopped = false;
    const cleanups: (() => void)[] = [];
    const report = () => {
      if (!engine) return;
      const value =
        typeof navigator !== "undefined" && navigator.onLine === false
          ? "offline"
          : engine.status(placeId);
      setStatus({ placeId, value });
    };
    const sync = () => void engine?.sync(placeId);

    void import("@/modules/records/client/browser").then(({ recordsSync }) => {
      if (stopped) return;
      engine = recordsSync();
      cleanups.push(engine.subscribe(report));
      cleanups.push(
        engine.subscribeRefusals((refusedPlace, reason) => {
          if (refusedPlace === placeId) void toast.warning(tRef.current(`refused.${reason}`));
        }),
      );
      sync();
      report();

      // The store writes only on a rep's action (Save, Add, Enter), so each change is queued and
      // sent at once: a tab closed right after it still has it queued for the next sync. After
      // the write that notified us (queued, not inside it: the engine writes storage too).
      let queued = false;
      cleanups.push(
        subscribeStored(() => {
          if (queued) return;
          queued = true;
          queueMicrotask(() => {
            queued = false;
            if (!stopped) engine?.localChange(placeId);
          });
        }),
      );
      const interval = setInterval(() => {
        if (!isLive()) sync();
      }, RECORDS_PULL_MS);
      cleanups.push(
        subscribeLive((change) => {
          if (change.topic === "records" && change.placeId === placeId) sync();
        }),
      );
      const onOnline = () => {
        sync();
        report();
      };
      window.addEventListener("focus", sync);
      window.addEventListener("online", onOnline);
      window.addEventListener("offline", report);
      cleanups.push(() => {
        clearInterval(interval);
        window.removeEventListener("focus", sync);
        window.removeEventListener("online", onOnline);
        window.removeEventListener("offline", report);
      });
    });
    return () => {
      stopped = true;
      cleanups.forEach((fn) => fn());
    };
  }, [open, placeId]);

  return { status: status.placeId === placeId ? status.value : "idle", meta };
}
