"use client";

/**
 * The one toast mechanism (sonner, mounted once in components/providers.tsx).
 * Spec section 9: toasts stay 5000 ms unless a caller says otherwise.
 */
export { toast } from "sonner";
export const TOAST_DURATION_MS = 5000;
