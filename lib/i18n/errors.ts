import { IntlErrorCode, type IntlError } from "next-intl";
import { log } from "@/lib/log";

/**
 * A missing or broken message is a bug: outside production it throws, so the page (and the
 * test that renders it) fails instead of quietly showing "Namespace.key"; in production it is
 * logged and the fallback text is shown.
 */
export function reportIntlError(error: IntlError): void {
  const isBug =
    error.code === IntlErrorCode.MISSING_MESSAGE ||
    error.code === IntlErrorCode.INVALID_KEY ||
    error.code === IntlErrorCode.INVALID_MESSAGE ||
    error.code === IntlErrorCode.FORMATTING_ERROR;
  if (!isBug) return; // e.g. no time zone configured: next-intl's own fallback is right
  // Runs in the browser too, where lib/env.ts (server-only) cannot be read: NODE_ENV is the
  // build-time constant Next inlines into both bundles.
  if (process.env.NODE_ENV !== "production") throw error;
  log.error("i18n message error", { code: error.code, message: error.message });
}
