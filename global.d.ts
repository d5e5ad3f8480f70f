// Typed messages (next-intl's AppConfig, as in its app-router example): a key that English
// does not have is a compile error wherever useTranslations/getTranslations is used.
import type messages from "./messages/en";
import type { Locale } from "./lib/i18n/config";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
