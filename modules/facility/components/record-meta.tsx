"use client";

import { AlertTriangle } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge, cn } from "@/components/ui";
import type { SyncStatus } from "@/modules/records/client/engine";
import type { ItemMeta } from "@/modules/records/client/merge";
import { relativeTime } from "@/lib/format/relative-time";
import { useNow } from "./use-now";

// What the team sync adds to the drawer: who added or changed an item and when, the "needs
// fixing" mark of an item stored before today's rules, and the quiet sync status.

function useAgo() {
  const t = useTranslations("Facility.records");
  const now = useNow();
  return (ts: number) => {
    const rel = relativeTime(ts, now || ts);
    return rel.key === "justNow" ? t("justNow") : t(rel.key, { count: rel.count });
  };
}

/** "Ana · 2m ago" (or "Bo changed it · 1h ago"), small and muted; names isolated for RTL. */
export function ItemByline({ meta }: { meta: ItemMeta | undefined }) {
  const t = useTranslations("Facility.records");
  const ago = useAgo();
  if (!meta) return null;
  const changed = meta.updatedAt > meta.createdAt;
  const who = changed ? meta.updatedBy : meta.createdBy;
  const when = changed ? meta.updatedAt : meta.createdAt;
  // The name in <bdi>: a Latin username inside Arabic text (or the reverse) keeps its order.
  return (
    <p className="mt-0.5 text-xs text-fg-muted" data-testid="record-byline">
      {changed ? `${t("changedBy")} ` : null}
      <bdi>{who}</bdi>
      {" · "}
      <time dateTime={new Date(when).toISOString()}>{ago(when)}</time>
    </p>
  );
}

/** The mark of an item the server keeps as it was stored, although today's rules refuse it. */
export function NeedsFixing({
  meta,
  className,
}: {
  meta: ItemMeta | undefined;
  className?: string;
}) {
  const t = useTranslations("Facility.records");
  if (!meta?.needsFixing) return null;
  return (
    <Badge tone="warning" className={cn("shrink-0", className)} data-testid="needs-fixing">
      <AlertTriangle aria-hidden />
      {t("needsFixing")}
    </Badge>
  );
}

/** One line that never changes height: Syncing…, Synced, or why changes stay on this device. */
export function SyncStatusLine({ status }: { status: SyncStatus }) {
  const t = useTranslations("Facility.records");
  return (
    // aria-live rather than role="status": the drawer's one status is the Saved flash.
    <p
      aria-live="polite"
      data-testid="records-sync-status"
      data-status={status}
      className={cn(
        "min-h-4 text-xs text-fg-muted",
        (status === "offline" || status === "error") && "text-warning-soft-fg",
      )}
    >
      {status === "idle" ? null : t(`status.${status}`)}
    </p>
  );
}
