"use client";

import { forwardRef, useId } from "react";
import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { Check, Minus } from "lucide-react";
import { cn } from "@/lib/ui/cn";

export type CheckboxProps = React.ComponentPropsWithoutRef<typeof CheckboxPrimitive.Root> & {
  /** Visible label beside the box (clicking it toggles the box). */
  label?: React.ReactNode;
  description?: React.ReactNode;
};

/** A checkbox (Radix: Space toggles, indeterminate state) with an optional label and description. */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, description, id: idProp, className, ...props },
  ref,
) {
  const generated = useId();
  const id = idProp ?? generated;
  const box = (
    <CheckboxPrimitive.Root
      ref={ref}
      id={id}
      aria-describedby={description ? `${id}-description` : undefined}
      className={cn(
        "peer grid size-4 shrink-0 place-items-center rounded border border-line-strong bg-surface " +
          "text-primary-fg data-[state=checked]:border-primary data-[state=checked]:bg-primary " +
          "data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary " +
          "disabled:cursor-not-allowed disabled:opacity-50",
        label ? "mt-0.5" : null,
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        {props.checked === "indeterminate" ? (
          <Minus aria-hidden className="size-3" strokeWidth={3} />
        ) : (
          <Check aria-hidden className="size-3" strokeWidth={3} />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (!label) return box;
  return (
    <div className="flex items-start gap-2">
      {box}
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm text-fg">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-fg-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
});
