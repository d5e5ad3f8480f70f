import { getTranslations } from "next-intl/server";
import { ConsoleScreen } from "@/components/admin/console-screen";

export async function generateMetadata() {
  return { title: (await getTranslations("Admin.console"))("title") };
}

// The token lives in the tab's session storage, so the screen checks it in the browser; the
// proxy has already sent visitors without an operator cookie to /adminconsole.
export default function Page() {
  return <ConsoleScreen />;
}
