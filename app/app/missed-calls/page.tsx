import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { MissedCallsView } from "@/modules/calls/components/missed-calls-view";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("missedCalls") };
}

/** Missed Calls: the rep's inbound calls that were never connected, newest first, with Call back. */
export default async function MissedCallsPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Calls.missed");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={nav("missedCalls")} description={t("description")} />
      <MissedCallsView />
    </div>
  );
}
