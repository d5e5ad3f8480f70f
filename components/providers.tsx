"use client";

import { ThemeProvider, useTheme } from "next-themes";
import { Toaster } from "sonner";
import { installFetchLogger } from "@/lib/client/fetch-logger";
import { TOAST_DURATION_MS } from "@/components/ui/toast";

// Installed at module load (client only) so even fetches made during the first render are logged.
if (typeof window !== "undefined") installFetchLogger();

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      richColors
      closeButton
    />
  );
}

export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey="theme"
      nonce={nonce}
    >
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}
