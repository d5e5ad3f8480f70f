import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { CallLogView } from "@/modules/calls/components/call-log-view";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callLog") };
}

/** Call Log: the rep's own calls, newest first, filtered by days and outcome. */
export default async function CallLogPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Calls.log");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={nav("callLog")} description={t("description")} />
      <CallLogView />
    </div>
  );
}
