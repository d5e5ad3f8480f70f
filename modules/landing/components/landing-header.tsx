import { getTranslations } from "next-intl/server";
import { PublicBrand } from "@/modules/shell/components/brand-mark";
import { PublicLink } from "@/modules/shell/components/public-link";

export const sections = ["features", "benefits", "pricing", "faq"] as const;

/** Sticky header: in-page anchors (scrolled below on phones) and the two entry links. */
export async function LandingHeader() {
  const t = await getTranslations("Landing");
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <PublicBrand nameFrom="sm" />
        <nav aria-label={t("navLabel")} className="hidden flex-1 justify-center md:flex">
          <ul className="flex gap-1">
            {sections.map((s) => (
              <li key={s}>
                <PublicLink href={`#${s}`} className="landing-nav-link">
                  {t(`nav.${s}`)}
                </PublicLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2 md:ms-0">
          <PublicLink
            href="/login"
            className="whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {t("nav.login")}
          </PublicLink>
          <PublicLink
            href="/register"
            className="whitespace-nowrap rounded-lg bg-brand-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("nav.register")}
          </PublicLink>
        </div>
      </div>
      <nav
        aria-label={t("navLabel")}
        className="border-t border-slate-200/70 md:hidden dark:border-slate-800"
      >
        <ul className="mx-auto flex max-w-6xl justify-between gap-1 overflow-x-auto px-2">
          {sections.map((s) => (
            <li key={s}>
              <PublicLink href={`#${s}`} className="landing-tab">
                {t(`nav.${s}`)}
              </PublicLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
