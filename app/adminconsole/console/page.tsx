import { getTranslations } from "next-intl/server";
import { ConsoleScreen } from "@/modules/console/components/console-screen";
import { PreviewBadge } from "@/modules/deploy/components/preview-badge";
import { isPreview, isServerless } from "@/lib/env";

export async function generateMetadata() {
  return { title: (await getTranslations("Admin.console"))("title") };
}

// The token lives in the tab's session storage, so the screen checks it in the browser; the
// proxy has already sent visitors without an operator cookie to /adminconsole. On a serverless
// deployment the panels that need a machine of our own are replaced by one that says why.
export default function Page() {
  return <ConsoleScreen serverless={isServerless} badge={isPreview ? <PreviewBadge /> : null} />;
}
