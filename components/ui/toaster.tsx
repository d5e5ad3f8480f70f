"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

// sonner (~10 KiB gz) is loaded the first time something shows a toast, not with every page:
// <ToastHost /> (mounted once in components/providers.tsx) renders nothing until then.

type Toaster = { mounted: () => void };
// React.lazy rather than next/dynamic: the public pages load nothing else of next/dynamic
// (~2 KiB gz). Never rendered on the server: `requested` is false there.
const ThemedToaster = lazy<React.ComponentType<Toaster>>(() => import("./themed-toaster"));

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ThemedToaster mounted={markMounted} />
    </Suspense>
  ) : null;
}

type Kind = "message" | "success" | "error" | "info" | "warning";

async function show(kind: Kind, message: string, options?: ExternalToast) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const [{ toast: sonner }] = await Promise.all([import("sonner"), mounted]);
  return sonner[kind](message, options);
}

/** The one way to show a toast (spec section 9: 5000 ms unless the caller says otherwise). */
export const toast = {
  message: (message: string, options?: ExternalToast) => show("message", message, options),
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
};
