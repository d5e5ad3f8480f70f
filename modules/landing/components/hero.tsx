import { getTranslations } from "next-intl/server";
import { PublicLink } from "@/modules/shell/components/public-link";
import { LandingIcon } from "./landing-icon";

const stats = [
  ["mockDials", "phone-forwarded"],
  ["mockTalk", "timer"],
  ["mockWon", "trending-up"],
] as const;

/** Hero with a product "screenshot" drawn in HTML (no image to load, so nothing shifts). */
export async function Hero() {
  const t = await getTranslations("Landing.hero");
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-brand-50 to-transparent dark:from-brand-500/10"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-16 sm:px-6 lg:grid-cols-2 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-xs font-medium text-brand-700 dark:border-brand-500/30 dark:bg-slate-900 dark:text-brand-100">
            <span aria-hidden className="size-1.5 rounded-full bg-emerald-500" /> {t("eyebrow")}
          </p>
          <h1 className="mt-5 text-4xl font-semibold leading-tight tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {t("title")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">
            {t("subtitle")}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <PublicLink
              href="/register"
              className="inline-flex h-12 items-center gap-2 rounded-lg bg-brand-600 px-5 font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              {t("ctaPrimary")} <LandingIcon name="arrow-right" className="size-4 rtl:rotate-180" />
            </PublicLink>
            <PublicLink
              href="/login"
              className="inline-flex h-12 items-center rounded-lg border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {t("ctaSecondary")}
            </PublicLink>
          </div>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t("note")}</p>
        </div>
        <div
          aria-hidden
          className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-brand-500/10 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">{t("mockTitle")}</p>
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
              {t("mockLive")}
            </span>
          </div>
          <div className="mt-4 grid grid-cols-3 gap-3">
            {stats.map(([k, icon]) => (
              <div key={k} className="landing-stat">
                <LandingIcon name={icon} className="size-4 text-brand-600 dark:text-brand-100" />
                <p className="mt-2 text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
                  {t(`${k}Value`)}
                </p>
                <p className="text-xs text-fg-muted">{t(k)}</p>
              </div>
            ))}
          </div>
          <ul className="mt-4 grid gap-2">
            {(["mockRow1", "mockRow2", "mockRow3"] as const).map((k, i) => (
              <li key={k} className="landing-row">
                <span
                  className={`grid size-8 place-items-center rounded-full ${i === 0 ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-500 dark:bg-slate-800"}`}
                >
                  <LandingIcon name="phone-call" className="size-4" />
                </span>
                <span className="flex-1 text-sm text-slate-700 dark:text-slate-200">{t(k)}</span>
                <span className="text-xs tabular-nums text-fg-muted">{["00:42", "—", "—"][i]}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
