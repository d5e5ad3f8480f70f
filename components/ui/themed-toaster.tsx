"use client";

import { useEffect } from "react";
import { useTheme } from "next-themes";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "./toast";

/**
 * sonner's host, loaded on the first toast (components/ui/toaster.tsx). Toasts sit at the top
 * centre, below the top bar: the dialer keeps the bottom end corner and the power-dial bar the
 * bottom start (at the bottom, an "Outcome saved" toast covered the bar's Pause in Arabic). On a phone
 * the bar moves to the top, and publishes its height, so toasts go just below it.
 */
export default function ThemedToaster({ mounted }: { mounted: () => void }) {
  const { resolvedTheme } = useTheme();
  // Toasts shown before the host subscribed would be lost: the caller waits for this.
  useEffect(() => mounted(), [mounted]);
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      richColors
      closeButton
      position="top-center"
      offset={{ top: 72 }}
      mobileOffset={{ top: "var(--power-dial-bar-h, 64px)" }}
    />
  );
}
