import { getTranslations } from "next-intl/server";
import { LandingIcon } from "./landing-icon";
import { PublicLink } from "@/modules/shell/components/public-link";

const plans = [
  { key: "starter", featured: false },
  { key: "team", featured: true },
  { key: "enterprise", featured: false },
] as const;

export async function Pricing() {
  const t = await getTranslations("Landing.pricing");
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6"
    >
      <div className="mx-auto max-w-2xl text-center">
        <p className="landing-eyebrow">{t("eyebrow")}</p>
        <h2 id="pricing-heading" className="landing-h2 mt-2">
          {t("title")}
        </h2>
        <p className="landing-lead mt-3">{t("subtitle")}</p>
      </div>
      <ul className="mt-12 grid gap-5 lg:grid-cols-3">
        {plans.map(({ key, featured }) => (
          <li
            key={key}
            className={`landing-plan ${
              featured
                ? "border-brand-500 ring-2 ring-brand-500/20"
                : "border-slate-200 dark:border-slate-800"
            }`}
          >
            {featured ? (
              <span className="absolute -top-3 start-6 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                {t("popular")}
              </span>
            ) : null}
            <h3 className="landing-title">{t(`${key}.name`)}</h3>
            <p className="landing-muted mt-1">{t(`${key}.description`)}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
                {t(`${key}.price`)}
              </span>
              <span className="landing-muted">{t(`${key}.period`)}</span>
            </p>
            <ul className="mt-6 grid flex-1 gap-2.5 text-sm text-slate-700 dark:text-slate-300">
              {(["f1", "f2", "f3", "f4"] as const).map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <LandingIcon name="check" className="landing-check" /> {t(`${key}.${f}`)}
                </li>
              ))}
            </ul>
            <PublicLink
              href="/register"
              className={`landing-plan-cta ${
                featured ? "bg-brand-600 text-white hover:bg-brand-700" : "landing-outline"
              }`}
            >
              {t(`${key}.cta`)}
            </PublicLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
