import { getTranslations } from "next-intl/server";
import { StatsBar } from "@/modules/targets/components/stats-bar";
import { TargetsSearchForm } from "@/modules/targets/components/targets-search-form";
import { TargetsView } from "@/modules/targets/components/targets-view";
import { env } from "@/lib/env";
import { requirePageSession } from "@/lib/auth/page-session";

// /app/targets?q=&ts= - business search (spec 2 "Targets"); ts forces a new search.
export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("targets") };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

export default async function TargetsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageSession();
  const params = await searchParams;
  const q = first(params.q)?.trim() || null;
  // The drawer's map popup takes the browser maps key from here (read at run time).
  return (
    <TargetsView
      q={q}
      ts={first(params.ts)}
      mapsKey={env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY ?? null}
      searchForm={q ? null : <TargetsSearchForm />}
      statsFallback={<StatsBar today={null} />}
    />
  );
}
