"use client";

import { useState } from "react";
import type { LucideIcon } from "lucide-react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * A secondary button that opens a dialog whose body mounts only while it is open, so the body's
 * queries run when the rep opens it, not with the page (Settings' team, invitations, API keys,
 * webhooks, password and two-factor dialogs). `children` gets `close`, for a body that closes
 * the dialog itself when it is done.
 */
export function DialogButton({
  icon: Icon,
  label,
  testId,
  title,
  description,
  className,
  initialFocus,
  children,
}: {
  icon: LucideIcon;
  /** The button's text. */
  label: React.ReactNode;
  testId?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
  initialFocus?: readonly string[];
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      className={className}
      initialFocus={initialFocus}
      trigger={
        <Button variant="secondary" data-testid={testId}>
          <Icon aria-hidden /> {label}
        </Button>
      }
    >
      {open ? children(() => setOpen(false)) : null}
    </Dialog>
  );
}
