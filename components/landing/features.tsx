import { getTranslations } from "next-intl/server";
import { BarChart3, MailCheck, Mic, ShieldCheck, SkipForward, Zap } from "lucide-react";
import { IconBadge } from "@/components/ui/icon-badge";

// The six features the spec says the landing page advertises.
const items = [
  { key: "dialer", icon: SkipForward },
  { key: "analytics", icon: BarChart3 },
  { key: "verification", icon: MailCheck },
  { key: "recording", icon: Mic },
  { key: "security", icon: ShieldCheck },
  { key: "speed", icon: Zap },
] as const;

export async function Features() {
  const t = await getTranslations("Landing.features");
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6"
    >
      <div className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-600 dark:text-brand-100">{t("eyebrow")}</p>
        <h2
          id="features-heading"
          className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 dark:text-white"
        >
          {t("title")}
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{t("subtitle")}</p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(({ key, icon: Icon }) => (
          <li
            key={key}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
          >
            <IconBadge
              icon={Icon}
              className="size-11 rounded-xl"
              iconClassName={key === "dialer" ? "rtl:-scale-x-100" : undefined}
            />
            <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
              {t(`${key}.title`)}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
              {t(`${key}.body`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
