import { getTranslations } from "next-intl/server";
import { TargetsView } from "@/components/targets/targets-view";

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
  const params = await searchParams;
  const q = first(params.q)?.trim() || null;
  return <TargetsView q={q} ts={first(params.ts)} />;
}
