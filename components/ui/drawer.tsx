"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { cn } from "@/lib/ui/cn";
import { setBesidePanelWidth } from "./beside-panel";
import { IconButton } from "./icon-button";
import { overlayClass, useReturnFocus } from "./dialog";

const preventDefault = (event: Event) => event.preventDefault();

/**
 * Escape in a non-modal drawer: what has focus elsewhere (the dialer, the session bar) owns it;
 * from inside the drawer, or from nowhere in particular (the page's body, e.g. after the focused
 * button went away), it closes the drawer.
 */
function escapeBesideTheWork(event: KeyboardEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (target === document.body) return;
  if (!target?.closest("[data-drawer]")) event.preventDefault();
}

/**
 * A modal side panel (Radix Dialog: focus trap, Escape, labelled by its title, focus returns to
 * the opener). It slides in from the inline `side` — "end" is the right in English and the left
 * in Arabic — covers the full width on phones, and does not animate under reduced motion
 * (app/globals.css, .drawer-panel).
 *
 * `modal={false}` makes it a panel beside the work instead (the rep talks in the dialer and
 * types in the drawer at once): no overlay, no focus trap, it stays open while the rest of the
 * page is used (Escape and its close button still close it) and sits below the dialer (z-50) and
 * the session bar. With `takeFocus` (the rep opened it) focus moves in when it opens and back to
 * the opener when it closes; without (a power-dial session moved it on), focus stays put.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  side = "end",
  modal = true,
  takeFocus = false,
  hideTitle = false,
  headerStart,
  headerActions,
  closeLabel,
  className,
  onEscapeKeyDown,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  side?: "start" | "end";
  /** False: a panel beside the work (see above). */
  modal?: boolean;
  /** A non-modal drawer the rep opened: focus moves in, and back to the opener on close. */
  takeFocus?: boolean;
  /** Keeps the title for screen readers only (the content shows its own heading or brand). */
  hideTitle?: boolean;
  /** Shown in the header in place of a visible title (e.g. the brand in the navigation drawer). */
  headerStart?: React.ReactNode;
  /** Extra buttons beside the close button. */
  headerActions?: React.ReactNode;
  /** Name of the close button (default "Close"). */
  closeLabel?: string;
  className?: string;
  /**
   * Escape that would close the drawer: call preventDefault() to keep it open (e.g. a popup
   * inside it takes this Escape). Runs after the drawer's own rule for its mode.
   */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  children: React.ReactNode;
}) {
  const t = useTranslations("UI");
  const returnFocus = useReturnFocus();
  // The panel's element, once its portal has mounted it.
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  // Beside the work, the floating dialer keeps clear of the panel (components/ui/beside-panel.ts).
  useEffect(() => {
    if (modal || !open || !el) return;
    const report = () => setBesidePanelWidth(el.offsetWidth);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(el);
    return () => {
      observer.disconnect();
      setBesidePanelWidth(0);
    };
  }, [modal, open, el]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <DialogPrimitive.Portal>
        {modal ? <DialogPrimitive.Overlay className={overlayClass} /> : null}
        <DialogPrimitive.Content
          ref={setEl}
          {...(modal || takeFocus
            ? returnFocus
            : { onOpenAutoFocus: preventDefault, onCloseAutoFocus: preventDefault })}
          // Beside the work, the rest of the page is used with the drawer open.
          onInteractOutside={modal ? undefined : preventDefault}
          onEscapeKeyDown={(event) => {
            if (!modal) escapeBesideTheWork(event);
            if (!event.defaultPrevented) onEscapeKeyDown?.(event);
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
          data-drawer=""
          data-side={side}
          data-modal={modal}
          className={cn(
            "drawer-panel fixed inset-y-0 flex w-full flex-col bg-surface text-fg shadow-2xl",
            modal ? "z-[95]" : "z-[45]",
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
