"use client";

import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { installFetchLogger } from "@/lib/client/fetch-logger";
import { parseWithoutEval } from "@/lib/client/zod-jitless";
import { createQueryClient } from "@/lib/client/query-client";
import { ToastHost } from "@/components/ui/toaster";
import { ZonedIntl } from "./zoned-intl";

// At module load (client only): even fetches made during the first render are logged, and zod
// is told not to try eval before any lazily loaded chunk builds a schema.
if (typeof window !== "undefined") {
  installFetchLogger();
  parseWithoutEval();
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
        <ZonedIntl>{children}</ZonedIntl>
        <ToastHost />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
