"use client";

import { forwardRef } from "react";
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/ui/cn";
import { Tooltip } from "./tooltip";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold transition-colors " +
    "disabled:cursor-not-allowed aria-disabled:cursor-not-allowed [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary:
          "bg-primary text-primary-fg shadow-sm hover:bg-primary-hover " +
          "disabled:bg-surface-muted disabled:text-fg-muted disabled:shadow-none",
        secondary:
          "border border-line-strong/50 bg-surface text-fg hover:bg-surface-muted " +
          "disabled:text-fg-muted disabled:hover:bg-surface",
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
      {...props}
    />
  );
});

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
