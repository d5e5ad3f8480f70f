"use client";

import { forwardRef } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/ui/cn";
import { Slot } from "./slot";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold transition-colors " +
    "disabled:cursor-not-allowed aria-disabled:cursor-not-allowed [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary:
          "bg-primary text-primary-fg shadow-sm hover:bg-primary-hover " +
          "disabled:bg-surface-muted disabled:text-fg-muted disabled:shadow-none",
        // Disabled reads as disabled at a glance (a muted fill, a faint border, faded icons):
        // an idle Hold or Record looked just like one that works.
        secondary:
          "border border-line-strong/50 bg-surface text-fg hover:bg-surface-muted " +
          "disabled:border-line disabled:bg-surface-muted disabled:text-fg-muted " +
          "disabled:hover:bg-surface-muted disabled:[&_svg]:opacity-60",
        ghost:
          "text-fg-muted hover:bg-surface-muted hover:text-fg data-[state=open]:bg-surface-muted " +
          "data-[state=open]:text-fg disabled:opacity-60 disabled:hover:bg-transparent",
        danger:
          "bg-danger text-danger-fg shadow-sm hover:bg-danger-hover " +
          "disabled:bg-surface-muted disabled:text-fg-muted disabled:shadow-none",
        /** Starting something good (the dialer's Call). */
        success:
          "bg-success text-success-fg shadow-sm hover:bg-success-hover " +
          "disabled:bg-surface-muted disabled:text-fg-muted disabled:shadow-none",
      },
      size: {
        sm: "h-8 px-3 text-xs [&_svg]:size-3.5",
        md: "h-10 px-4 text-sm [&_svg]:size-4",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (e.g. a Link) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

/** The app's button: primary, secondary, ghost or danger; `asChild` styles a link as a button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, asChild, className, type, ...props },
  ref,
) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      ref={ref}
      // A plain <button> defaults to submit inside a form; parts opt into submit explicitly.
      type={asChild ? undefined : (type ?? "button")}
      className={cn(buttonVariants({ variant, size }), className)}
      // Lets checks find a screen's primary actions (tests/e2e/primary-actions.spec.ts).
      data-variant={variant ?? "primary"}
      {...props}
    />
  );
});

// Defined in its own module so that a page with only text buttons does not load the tooltip
// (Radix Tooltip); re-exported here for existing imports.
export { IconButton } from "./icon-button";
export type { IconButtonProps } from "./icon-button";
