import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/ui/cn";
import { IconBadge } from "./icon-badge";

/** What a list or screen shows when there is nothing yet, with an optional next step. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: {
  icon?: LucideIcon;
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        "grid place-items-center rounded-xl border border-dashed border-line-strong/50 bg-surface px-6 py-16 text-center",
        className,
      )}
    >
      {icon ? <IconBadge icon={icon} tone="brand" size="lg" /> : null}
      <Heading className="mt-4 text-base font-semibold text-fg">{title}</Heading>
      {description ? <p className="mt-1 max-w-md text-sm text-fg-muted">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
