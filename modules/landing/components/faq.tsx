import { getTranslations } from "next-intl/server";
import { LandingIcon } from "./landing-icon";
import { PublicLink } from "@/modules/shell/components/public-link";

const questions = ["q1", "q2", "q3", "q4", "q5"] as const;

/** FAQ as native <details>: keyboard and screen-reader friendly with no script. */
export async function Faq() {
  const t = await getTranslations("Landing.faq");
  return (
    <section
      id="faq"
      aria-labelledby="faq-heading"
      className="border-t border-slate-200 bg-white py-20 dark:border-slate-800 dark:bg-slate-900/50"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="landing-h2 text-center">
          {t("title")}
        </h2>
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {questions.map((q) => (
            <details key={q} className="group px-5">
              <summary className="landing-question">
                {t(`${q}.q`)}
                <LandingIcon name="chevron-down" className="landing-chevron" />
              </summary>
              <p className="landing-body pb-5">{t(`${q}.a`)}</p>
            </details>
          ))}
        </div>
        <div className="mt-14 rounded-2xl bg-gradient-to-br from-brand-600 to-indigo-700 p-8 text-center text-white shadow-lg">
          <h2 className="text-2xl font-semibold tracking-tight">{t("ctaTitle")}</h2>
          <p className="mt-2 text-brand-100">{t("ctaBody")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <PublicLink
              href="/register"
              className="inline-flex h-11 items-center rounded-lg bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t("ctaPrimary")}
            </PublicLink>
            <PublicLink
              href="/login"
              className="inline-flex h-11 items-center rounded-lg border border-white/40 px-5 text-sm font-semibold text-white hover:bg-white/10"
            >
              {t("ctaSecondary")}
            </PublicLink>
          </div>
        </div>
      </div>
    </section>
  );
}
