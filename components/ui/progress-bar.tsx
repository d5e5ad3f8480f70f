import { cn } from "@/lib/ui/cn";

/**
 * A determinate progress bar (role progressbar with value and max). `label` names it for
 * screen readers; `showValue` prints "value/max" beside it.
 *
 * Plain markup with the attributes Radix Progress wrote (aria-value*, data-state, data-value,
 * data-max), without its runtime (context scope, prop checks): it is on the Targets page's
 * first paint, and a bar with no interaction needs none of it.
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
  const data = {
    "data-state": clamped === safeMax ? "complete" : "loading",
    "data-value": clamped,
    "data-max": safeMax,
  };
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={`${Math.round(percent)}%`}
        {...data}
        className="relative h-2 flex-1 overflow-hidden rounded-full bg-surface-muted ring-1 ring-inset ring-line-strong/40"
      >
        <div
          {...data}
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      {showValue ? (
        // One text of constant width: the value is padded with figure spaces (a digit's width)
        // to the digits of max, so 9/20 becoming 10/20 moves neither the label nor its text.
        <span className="shrink-0 text-xs tabular-nums text-fg-muted">
          {`${String(clamped).padStart(String(max).length, "\u2007")}/${max}`}
        </span>
      ) : null}
    </div>
  );
}
