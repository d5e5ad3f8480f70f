import type { ComponentType } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/ui/cn";

export const toneClass = {
  brand: "bg-primary-soft text-primary-soft-fg",
  neutral: "bg-neutral-soft text-neutral-soft-fg",
  success: "bg-success-soft text-success-soft-fg",
  warning: "bg-warning-soft text-warning-soft-fg",
  danger: "bg-danger-soft text-danger-soft-fg",
  accent: "bg-accent-soft text-accent-soft-fg",
} as const;

export type Tone = keyof typeof toneClass;

const iconBadgeVariants = cva("grid shrink-0 place-items-center", {
  variants: {
    tone: toneClass,
    size: {
      sm: "size-8 rounded-lg [&_svg]:size-4",
      md: "size-10 rounded-lg [&_svg]:size-5",
      lg: "size-12 rounded-full [&_svg]:size-6",
      xl: "size-14 rounded-full [&_svg]:size-7",
    },
  },
  defaultVariants: { tone: "brand", size: "md" },
});

/** The decorative icon chip beside a card or list title (hidden from screen readers). */
export function IconBadge({
  icon: Icon,
  tone,
  size,
  className,
  iconClassName,
}: {
  /** A lucide-react icon, or any icon component that takes a class name. */
  icon: ComponentType<{ className?: string }>;
  className?: string;
  /** e.g. "rtl:-scale-x-100" for an arrow-like icon, or a spin. */
  iconClassName?: string;
} & VariantProps<typeof iconBadgeVariants>) {
  return (
    <span aria-hidden className={cn(iconBadgeVariants({ tone, size }), className)}>
      <Icon className={iconClassName} />
    </span>
  );
}

/** A small status label (Active, Free, Verified...). */
export function Badge({
  tone = "neutral",
  className,
  children,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium [&_svg]:size-3.5",
        toneClass[tone],
        className,
      )}
      {...props}
    >
      {children}
    </span>
  );
}
