"use client";

import { useId } from "react";
import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import { cn } from "@/lib/ui/cn";
import { controlClass, useFieldControl } from "./field";
import { useDirection } from "./use-direction";

export type SelectItem = { value: string; label: string; disabled?: boolean };

/**
 * A single-choice list (Radix Select: typeahead, arrow keys, Escape, right-to-left). Label it
 * with `label` (shown above), by placing it inside a Field, or with `aria-label`.
 */
export function Select({
  value,
  onValueChange,
  items,
  label,
  placeholder,
  disabled,
  name,
  id: idProp,
  className,
  "aria-label": ariaLabel,
}: {
  value: string | undefined;
  onValueChange: (value: string) => void;
  items: SelectItem[];
  label?: React.ReactNode;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
  "aria-label"?: string;
}) {
  const field = useFieldControl();
  const generated = useId();
  const id = idProp ?? field?.id ?? generated;
  const dir = useDirection();
  const trigger = (
    <SelectPrimitive.Root
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      dir={dir}
    >
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-describedby={field?.describedBy}
        aria-invalid={field?.invalid ? true : undefined}
        className={cn(
          controlClass,
          "flex h-10 items-center justify-between gap-2 text-start data-[placeholder]:text-fg-muted",
          className,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon asChild>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-fg-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-[100] max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-line bg-surface text-fg shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {items.map((item) => (
              <SelectPrimitive.Item
                key={item.value}
                value={item.value}
                disabled={item.disabled}
                className="relative flex cursor-default select-none items-center rounded-md py-2 pe-8 ps-2.5 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-muted"
              >
                <SelectPrimitive.ItemText>{item.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute end-2 inline-flex">
                  <Check aria-hidden className="size-4 text-primary-text" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
  if (!label) return trigger;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {trigger}
    </div>
  );
}
