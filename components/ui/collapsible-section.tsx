"use client";

import { useState } from "react";
import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/ui/cn";

/**
 * A section whose body folds away under its heading; the heading is a button with
 * aria-expanded (Radix Collapsible). Controlled with `open`/`onOpenChange`, or not.
 */
export function CollapsibleSection({
  title,
  defaultOpen = true,
  open: openProp,
  onOpenChange,
  actions,
  headingLevel = 3,
  className,
  children,
}: {
  title: React.ReactNode;
  defaultOpen?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons shown at the end of the heading row, outside the toggle. */
  actions?: React.ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
  children: React.ReactNode;
}) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const open = openProp ?? uncontrolled;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  const Heading = `h${headingLevel}` as const;
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className={cn("border-b border-line py-2 last:border-b-0", className)}
    >
      <div className="flex items-center gap-2">
        <Heading className="min-w-0 flex-1">
          <Collapsible.Trigger className="group flex w-full items-center gap-2 rounded-md py-1.5 text-start text-sm font-semibold text-fg hover:text-primary-text">
            <ChevronDown
              aria-hidden
              className="size-4 shrink-0 text-fg-muted transition-transform group-data-[state=closed]:-rotate-90 motion-reduce:transition-none rtl:group-data-[state=closed]:rotate-90"
            />
            <span className="truncate">{title}</span>
          </Collapsible.Trigger>
        </Heading>
        {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
      </div>
      <Collapsible.Content className="pb-2 pt-1">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
