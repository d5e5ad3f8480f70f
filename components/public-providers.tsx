"use client";

import { ThemeProvider } from "next-themes";
import { installFetchLogger } from "@/lib/client/fetch-logger";
import { parseWithoutEval } from "@/lib/client/zod-jitless";
import { ToastHost } from "@/components/ui/toaster";

// At module load (client only): even fetches made during the first render are logged, and zod
// is told not to try eval before any lazily loaded chunk builds a schema.
if (typeof window !== "undefined") {
  installFetchLogger();
  parseWithoutEval();
}

/**
 * Providers of the prerendered public pages: the same theme and toasts as components/providers.tsx
 * but no TanStack Query cache (nothing there queries), which keeps it out of their first load.
 * The theme script is the same bytes on every page (no nonce): the page's CSP allows it by hash
 * (lib/security/public-page-routes.ts).
 */
export function PublicProviders({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem storageKey="theme">
      {children}
      <ToastHost />
    </ThemeProvider>
  );
}
