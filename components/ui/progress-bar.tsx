"use client";

import * as Progress from "@radix-ui/react-progress";
import { cn } from "@/lib/ui/cn";

/**
 * A determinate progress bar (role progressbar with value and max). `label` names it for
 * screen readers; `showValue` prints "value/max" beside it.
 */
export function ProgressBar({
  value,
  max,
  label,
  showValue = false,
  className,
}: {
  value: number;
  max: number;
  label: string;
  showValue?: boolean;
  className?: string;
}) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <Progress.Root
        value={clamped}
        max={safeMax}
        aria-label={label}
        className="relative h-2 flex-1 overflow-hidden rounded-full bg-surface-muted ring-1 ring-inset ring-line-strong/40"
      >
        <Progress.Indicator
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </Progress.Root>
      {showValue ? (
        <span className="shrink-0 text-xs tabular-nums text-fg-muted">
          {clamped}/{max}
        </span>
      ) : null}
    </div>
  );
}
