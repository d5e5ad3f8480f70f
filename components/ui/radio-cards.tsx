"use client";

import { useId } from "react";
import * as RadioGroup from "@radix-ui/react-radio-group";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/ui/cn";
import { useDirection } from "./use-direction";

export type RadioCardItem = {
  value: string;
  label: string;
  description?: string;
  icon?: LucideIcon;
};

/**
 * A choice among a few options shown as cards (Radix RadioGroup: one tab stop, arrow keys move
 * and select, direction-aware). Name the group with `label` (a visible legend) or `aria-label`.
 */
export function RadioCards({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  name,
  disabled,
  className,
  "aria-label": ariaLabel,
}: {
  items: RadioCardItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label?: React.ReactNode;
  name?: string;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
}) {
  const dir = useDirection();
  const group = (labelledBy?: string) => (
    <RadioGroup.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      disabled={disabled}
      dir={dir}
      aria-label={ariaLabel}
      aria-labelledby={labelledBy}
      className={cn("grid grid-cols-1 gap-2 sm:grid-cols-3", className)}
    >
      {items.map(({ value: v, label: itemLabel, description, icon: Icon }) => (
        <RadioGroup.Item
          key={v}
          value={v}
          className={cn(
            "flex items-center gap-3 rounded-lg border border-line-strong/60 bg-surface px-3 py-2.5 text-start text-sm text-fg",
            "hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60",
            "data-[state=checked]:border-primary data-[state=checked]:bg-primary-soft data-[state=checked]:text-primary-soft-fg data-[state=checked]:ring-1 data-[state=checked]:ring-primary",
          )}
        >
          {Icon ? <Icon aria-hidden className="size-4 shrink-0" /> : null}
          <span className="grid gap-0.5">
            <span className="font-medium">{itemLabel}</span>
            {description ? <span className="text-xs text-fg-muted">{description}</span> : null}
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
  if (!label) return group();
  return <RadioCardsWithLegend label={label} render={group} />;
}

function RadioCardsWithLegend({
  label,
  render,
}: {
  label: React.ReactNode;
  render: (labelledBy: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <span id={id} className="text-sm font-medium text-fg">
        {label}
      </span>
      {render(id)}
    </div>
  );
}
