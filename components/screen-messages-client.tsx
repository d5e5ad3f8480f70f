"use client";

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from "next-intl";
import { useMemo } from "react";

type Messages = ReturnType<typeof useMessages>;

/**
 * The layout's messages plus a screen's own, under the same locale and the rep's time zone
 * (components/zoned-intl.tsx): a nested provider replaces its parent's configuration rather
 * than adding to it, so everything inherited is passed on.
 */
export function ScreenMessagesProvider({
  messages,
  children,
}: {
  messages: Partial<Messages>;
  children: React.ReactNode;
}) {
  const locale = useLocale();
  const inherited = useMessages();
  const timeZone = useTimeZone();
  const merged = useMemo(() => ({ ...inherited, ...messages }), [inherited, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged} timeZone={timeZone}>
      {children}
    </NextIntlClientProvider>
  );
}
