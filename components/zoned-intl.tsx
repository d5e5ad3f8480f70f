"use client";

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from "next-intl";
import { useSyncExternalStore } from "react";
import { timeZoneKey } from "@/lib/client/storage/keys";
import { readStored, subscribeStored } from "@/lib/client/storage";
import { browserTimeZone, isTimeZone } from "@/lib/i18n/time-zone";

/**
 * Shows times in the rep's time zone: the one chosen in Settings, or the browser's. Without
 * this the browser would format in the server's zone (next-intl hands the server's to the
 * client provider), so a rep in Chicago read UTC times. On the server and while hydrating the
 * inherited zone stays, so the markup matches; the zone applies right after. The provider is
 * always rendered, so nothing below remounts when it does.
 */
export function ZonedIntl({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const messages = useMessages();
  const inherited = useTimeZone();
  const zone = useSyncExternalStore(
    subscribeStored,
    () => {
      const chosen = readStored(timeZoneKey);
      return chosen && isTimeZone(chosen) ? chosen : browserTimeZone();
    },
    () => inherited,
  );
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={zone}>
      {children}
    </NextIntlClientProvider>
  );
}
