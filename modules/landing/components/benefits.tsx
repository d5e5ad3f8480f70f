import { getTranslations } from "next-intl/server";
import { IconBadge } from "@/components/ui/icon-badge";
import { landingIcon } from "./landing-icon";

const items = [
  { key: "time", icon: landingIcon("clock") },
  { key: "focus", icon: landingIcon("target") },
  { key: "growth", icon: landingIcon("trending-up") },
  { key: "team", icon: landingIcon("users") },
] as const;

export async function Benefits() {
  const t = await getTranslations("Landing.benefits");
  return (
    <section
      id="benefits"
      aria-labelledby="benefits-heading"
      className="border-y border-slate-200 bg-white py-20 dark:border-slate-800 dark:bg-slate-900/50"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <p className="landing-eyebrow">{t("eyebrow")}</p>
          <h2 id="benefits-heading" className="landing-h2 mt-2">
            {t("title")}
          </h2>
          <p className="landing-lead mt-3">{t("subtitle")}</p>
          <dl className="mt-8 grid grid-cols-2 gap-4">
            {(["stat1", "stat2"] as const).map((s) => (
              <div key={s} className="rounded-xl bg-brand-50 p-4 dark:bg-brand-500/10">
                <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`${s}Label`)}</dt>
                <dd className="mt-1 text-3xl font-semibold text-brand-700 dark:text-brand-100">
                  {t(`${s}Value`)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2">
          {items.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4">
              <IconBadge icon={Icon} tone="success" />
              <div>
                <h3 className="landing-title">{t(`${key}.title`)}</h3>
                <p className="landing-body mt-1">{t(`${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
