"use client";

import { useLayoutEffect, useRef } from "react";
import { cn } from "@/components/ui";

/**
 * A monospace, keyboard-scrollable log. It opens at the newest line; when new text arrives it
 * stays at the bottom if the reader was there, and otherwise keeps the reader's place.
 */
export function LogViewer({
  text,
  label,
  empty,
  className,
  testId,
}: {
  text: string;
  label: string;
  empty: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLPreElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [text]);
  return (
    <pre
      ref={ref}
      tabIndex={0}
      aria-label={label}
      data-testid={testId}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
      className={cn(
        "h-80 min-w-0 overflow-auto whitespace-pre rounded-lg border border-line bg-surface-muted p-3 font-mono text-xs leading-5 text-fg",
        "focus:outline-none focus-visible:ring-2 focus-visible:ring-focus/60",
        className,
      )}
      dir="ltr"
    >
      {text || <span className="text-fg-muted">{empty}</span>}
    </pre>
  );
}
