"use client";

import { useRef } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/ui/cn";
import { IconButton } from "./icon-button";

/**
 * Focus goes back to whatever opened the dialog when it closes. Radix does this only for its
 * own Trigger; a dialog opened from a menu item or a table row would otherwise drop focus to
 * <body>. Returns handlers for Content's auto-focus events.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Called before Radix moves focus in, so this is still the element that opened it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (target && target.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

/** The overlay behind a dialog or drawer. */
export const overlayClass = "overlay-fade fixed inset-0 z-[90] bg-overlay backdrop-blur-[1px]";

/**
 * A modal dialog (Radix: focus trap, Escape and outside click close, labelled by its title,
 * focus returns to the opener). `footer` holds the actions, end-aligned.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  trigger,
  className,
  initialFocus,
  children,
}: {
  /**
   * CSS selectors inside the dialog, tried in order, for the element that takes focus when it
   * opens (e.g. an outcome, where the 1-9 keys work); by default Radix's first focusable, the
   * Close button.
   */
  initialFocus?: readonly string[];
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  footer?: React.ReactNode;
  /** An element that opens the dialog (optional when `open` is controlled). */
  trigger?: React.ReactElement;
  className?: string;
  children?: React.ReactNode;
}) {
  const t = useTranslations("UI");
  const returnFocus = useReturnFocus();
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          ref={contentRef}
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            const content = contentRef.current;
            const target = initialFocus
              ?.map((selector) => content?.querySelector<HTMLElement>(selector))
              .find(Boolean);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          // Without a description Radix warns unless aria-describedby is explicitly undefined.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "overlay-fade fixed start-1/2 top-1/2 z-[95] grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg",
            "-translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-line bg-surface p-5 text-fg shadow-xl",
            "ltr:-translate-x-1/2 rtl:translate-x-1/2",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <DialogPrimitive.Title className="text-lg font-semibold text-fg">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-fg-muted">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close asChild>
              <IconButton label={t("close")} size="sm" tooltip={false} className="-me-1 -mt-1">
                <X aria-hidden />
              </IconButton>
            </DialogPrimitive.Close>
          </div>
          {children}
          {footer ? <div className="flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the surrounding Dialog or Drawer when its child is activated (e.g. a Cancel button). */
export const DialogClose = DialogPrimitive.Close;
