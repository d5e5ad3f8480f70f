"use client";

import { GripHorizontal, Minus, PanelRightClose, PanelRightOpen, RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatHms } from "@/modules/dialer/lib/format";
import { IconButton } from "@/components/ui";
import { DialerAlarmMenu } from "@/modules/dialer/components/dialer-alarm-menu";
import { DialerSettingsMenu } from "@/modules/dialer/components/dialer-settings-menu";
import { useDialer } from "@/modules/dialer/components/dialer-provider";
import type { useDragHandle } from "@/modules/dialer/hooks/use-widget-position";

/** Title bar: the drag area, the call timer and the header buttons. */
export function DialerHeader({
  dir,
  drag,
  soundsEnabled,
  onSoundsChange,
  onMinimise,
  dock,
}: {
  dir: "ltr" | "rtl";
  drag: ReturnType<typeof useDragHandle>;
  soundsEnabled: boolean;
  onSoundsChange: (on: boolean) => void;
  onMinimise: () => void;
  /** Wide screens: docked in the layout's column, or floating; null where it cannot dock. */
  dock: { docked: boolean; toggle: () => void } | null;
}) {
  const t = useTranslations("Dialer");
  const { elapsedMs, isActive, clearNumber } = useDialer();
  const { onKeyDown, ...pointer } = drag;
  // Docked, the window stays in its column: Undock first, then drag.
  const movable = !dock?.docked;
  return (
    <div
      {...(movable ? pointer : {})}
      data-testid="dialer-drag-handle"
      className={
        movable
          ? "flex cursor-grab touch-none items-center gap-1 rounded-t-xl border-b border-line bg-surface-muted px-2 py-1.5 select-none active:cursor-grabbing"
          : "flex items-center gap-1 rounded-t-xl border-b border-line bg-surface-muted px-2 py-1.5"
      }
    >
      {movable ? (
        <span
          role="button"
          tabIndex={0}
          aria-label={t("move")}
          title={t("move")}
          onKeyDown={onKeyDown}
          className="flex items-center rounded p-0.5 text-fg-muted"
        >
          <GripHorizontal className="size-4" aria-hidden />
        </span>
      ) : null}
      {/* Never shrinks: the header's buttons and timer fit beside the whole title. */}
      <h2 className="shrink-0 text-sm font-semibold whitespace-nowrap text-fg">{t("title")}</h2>
      <span
        role="timer"
        aria-label={t("timer")}
        dir="ltr"
        data-testid="dialer-timer"
        className="ms-auto me-1 rounded bg-surface px-1.5 py-0.5 font-mono text-xs tabular-nums text-fg"
      >
        {formatHms(elapsedMs)}
      </span>
      <DialerSettingsMenu dir={dir} soundsEnabled={soundsEnabled} onSoundsChange={onSoundsChange} />
      <IconButton label={t("reload")} size="sm" onClick={clearNumber} disabled={isActive}>
        <RotateCw aria-hidden />
      </IconButton>
      <DialerAlarmMenu dir={dir} />
      {dock ? (
        <IconButton
          label={t(dock.docked ? "undock" : "dock")}
          size="sm"
          onClick={dock.toggle}
          data-testid="dialer-dock-toggle"
        >
          {dock.docked ? (
            <PanelRightOpen aria-hidden className="rtl:-scale-x-100" />
          ) : (
            <PanelRightClose aria-hidden className="rtl:-scale-x-100" />
          )}
        </IconButton>
      ) : null}
      <IconButton label={t("minimise")} size="sm" onClick={onMinimise}>
        <Minus aria-hidden />
      </IconButton>
    </div>
  );
}
