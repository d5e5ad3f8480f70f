"use client";

import { useEffect } from "react";
import { useTheme } from "next-themes";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "./toast";

/** sonner's host, loaded on the first toast (components/ui/toaster.tsx). */
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
    />
  );
}
