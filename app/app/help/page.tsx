import { getTranslations } from "next-intl/server";
import { CircleHelp, LogOut, Settings, UserRound } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";

export async function generateMetadata() {
  return { title: (await getTranslations("Nav"))("help") };
}

const topics = [
  { key: "profile", icon: UserRound },
  { key: "settings", icon: Settings },
  { key: "logout", icon: LogOut },
] as const;

/** Spec: Help is placeholder text describing Profile, Settings and Logout. */
export default async function HelpPage() {
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Help");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={nav("help")} description={t("intro")} />
      <ul className="grid gap-3">
        {topics.map(({ key, icon: Icon }) => (
          <li
            key={key}
            className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <span
              aria-hidden
              className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-100"
            >
              <Icon className={`size-5 ${key === "logout" ? "rtl:-scale-x-100" : ""}`} />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900 dark:text-white">{t(`${key}Title`)}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`${key}Body`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <CircleHelp aria-hidden className="size-4" /> {t("more")}
      </p>
    </div>
  );
}
