"use client";

import { createElement, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

// sonner (~10 KiB gz) is loaded the first time something shows a toast, not with every page:
// <ToastHost /> (mounted once in components/providers.tsx) renders nothing until then.
//
// The host's module is loaded by hand and handed to <ToastHost /> through a store, not with
// React.lazy + Suspense: during a power-dial session React never retried the suspended lazy host
// (its code had loaded, but it was never rendered), so no toast showed in a session. A store
// update always renders. (React.lazy rather than next/dynamic was chosen before for size: the
// public pages load nothing else of next/dynamic, ~2 KiB gz; neither is used now.)

type HostProps = { mounted: () => void };
let Host: React.ComponentType<HostProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadHost(): Promise<void> {
  loading ??= import("./themed-toaster").then((m) => {
    Host = m.default;
    for (const listener of listeners) listener();
  });
  return loading;
}

export function ToastHost() {
  const Loaded = useSyncExternalStore(
    subscribe,
    () => Host,
    () => null,
  );
  // One component for the page's lifetime (loaded once), so createElement is safe here.
  return Loaded ? createElement(Loaded, { mounted: markMounted }) : null;
}

type Kind = "message" | "success" | "error" | "info" | "warning";

async function show(kind: Kind, message: string, options?: ExternalToast) {
  const [{ toast: sonner }] = await Promise.all([import("sonner"), loadHost().then(() => mounted)]);
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
