import { getMessages } from "next-intl/server";
import { pickMessages, type ClientNamespaces } from "@/lib/i18n/namespaces";
import { ScreenMessagesProvider } from "./screen-messages-client";

/**
 * Adds one screen's own message namespaces to those the /app layout sent
 * (lib/i18n/namespaces.ts screenNamespaces), so that they travel with that page only.
 */
export async function ScreenMessages({
  namespaces,
  children,
}: {
  namespaces: ClientNamespaces;
  children: React.ReactNode;
}) {
  const messages = pickMessages(await getMessages(), namespaces);
  return <ScreenMessagesProvider messages={messages}>{children}</ScreenMessagesProvider>;
}
