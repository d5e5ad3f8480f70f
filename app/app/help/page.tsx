import { getTranslations } from "next-intl/server";
import { CircleHelp, LogOut, Settings, UserRound } from "lucide-react";
import { IconBadge, PageHeader } from "@/components/ui";
import { requirePageSession } from "@/lib/auth/page-session";

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
  await requirePageSession();
  const nav = await getTranslations("Nav");
  const t = await getTranslations("Help");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={nav("help")} description={t("intro")} />
      <ul className="grid gap-3">
        {topics.map(({ key, icon }) => (
          <li
            key={key}
            className="flex gap-4 rounded-xl border border-line bg-surface p-4 shadow-sm"
          >
            <IconBadge
              icon={icon}
              iconClassName={key === "logout" ? "rtl:-scale-x-100" : undefined}
            />
            <div>
              <h2 className="font-semibold text-fg">{t(`${key}Title`)}</h2>
              <p className="mt-1 text-sm text-fg-muted">{t(`${key}Body`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 flex items-center gap-2 text-sm text-fg-muted">
        <CircleHelp aria-hidden className="size-4" /> {t("more")}
      </p>
    </div>
  );
}
