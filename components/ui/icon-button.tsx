"use client";

import { forwardRef } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/ui/cn";
import { Tooltip } from "./tooltip";

const iconButtonVariants = cva(
  "inline-flex shrink-0 items-center justify-center rounded-md transition-colors " +
    "disabled:cursor-not-allowed disabled:opacity-50",
  {
    variants: {
      variant: {
        primary: "bg-primary text-primary-fg hover:bg-primary-hover",
        secondary: "border border-line-strong/50 bg-surface text-fg hover:bg-surface-muted",
        ghost:
          "text-fg-muted hover:bg-surface-muted hover:text-fg disabled:hover:bg-transparent " +
          "data-[state=open]:bg-surface-muted data-[state=open]:text-fg",
        danger: "bg-danger text-danger-fg hover:bg-danger-hover",
      },
      size: {
        sm: "size-7 [&_svg]:size-4",
        md: "size-9 [&_svg]:size-5",
      },
    },
    defaultVariants: { variant: "ghost", size: "md" },
  },
);

export type IconButtonProps = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> &
  VariantProps<typeof iconButtonVariants> & {
    /** Accessible name and tooltip text: an icon-only button needs both. */
    label: string;
    /** Shows `label` as a tooltip on hover and focus (default true). */
    tooltip?: boolean;
  };

/** A square icon-only button whose `label` is its accessible name and its tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, variant, size, tooltip = true, className, type, children, ...props },
  ref,
) {
  const button = (
    <button
      ref={ref}
      type={type ?? "button"}
      aria-label={label}
      className={cn(iconButtonVariants({ variant, size }), className)}
      {...props}
    >
      {children}
    </button>
  );
  return tooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
});
