"use client";

import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider, useTheme } from "next-themes";
import { Toaster } from "sonner";
import { installFetchLogger } from "@/lib/client/fetch-logger";
import { createQueryClient } from "@/lib/client/query-client";
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
  // One cache per browser tab (and per request on the server, so users never share one).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
