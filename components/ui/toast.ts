/**
 * The one toast mechanism (sonner's `toast`, mounted once in components/providers.tsx).
 * Spec section 9: toasts stay 5000 ms unless a caller says otherwise.
 */
export const TOAST_DURATION_MS = 5000;
