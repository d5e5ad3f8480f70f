"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/ui/cn";
import { IconButton } from "./icon-button";
import { overlayClass, useReturnFocus } from "./dialog";

/**
 * A modal side panel (Radix Dialog: focus trap, Escape, labelled by its title, focus returns to
 * the opener). It slides in from the inline `side` — "end" is the right in English and the left
 * in Arabic — covers the full width on phones, and does not animate under reduced motion
 * (app/globals.css, .drawer-panel).
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  side = "end",
  hideTitle = false,
  headerStart,
  headerActions,
  closeLabel,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  side?: "start" | "end";
  /** Keeps the title for screen readers only (the content shows its own heading or brand). */
  hideTitle?: boolean;
  /** Shown in the header in place of a visible title (e.g. the brand in the navigation drawer). */
  headerStart?: React.ReactNode;
  /** Extra buttons beside the close button. */
  headerActions?: React.ReactNode;
  /** Name of the close button (default "Close"). */
  closeLabel?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("UI");
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          {...returnFocus}
          {...(description ? {} : { "aria-describedby": undefined })}
          data-side={side}
          className={cn(
            "drawer-panel fixed inset-y-0 z-[95] flex w-full flex-col bg-surface text-fg shadow-2xl",
            "sm:max-w-md",
            side === "end"
              ? "end-0 sm:border-s sm:border-line"
              : "start-0 sm:border-e sm:border-line",
            className,
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <div className="min-w-0">
              {headerStart}
              <DialogPrimitive.Title
                className={cn("truncate text-base font-semibold text-fg", hideTitle && "sr-only")}
              >
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-fg-muted">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {headerActions}
              <DialogPrimitive.Close asChild>
                <IconButton label={closeLabel ?? t("close")} tooltip={false}>
                  <X aria-hidden />
                </IconButton>
              </DialogPrimitive.Close>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
