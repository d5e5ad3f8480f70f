import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { CallbacksView } from "@/modules/callbacks/components/callbacks-view";
import { requirePageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("callbacks") };
}

/** Callbacks: the rep's or the team's overdue and coming callbacks and appointments. */
export default async function CallbacksPage() {
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Callbacks");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={nav("callbacks")} description={t("description")} />
      <CallbacksView />
    </div>
  );
}
