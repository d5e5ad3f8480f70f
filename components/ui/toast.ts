/**
 * The one toast mechanism: `toast` from components/ui/toaster.tsx (sonner, loaded on first use;
 * never import "sonner" directly, that would put it back into every page's first load).
 * Spec section 9: toasts stay 5000 ms unless a caller says otherwise.
 */
export const TOAST_DURATION_MS = 5000;
