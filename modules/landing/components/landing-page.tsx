import { getTranslations } from "next-intl/server";
import { Benefits } from "./benefits";
import { Faq } from "./faq";
import { Features } from "./features";
import { Hero } from "./hero";
import { LandingHeader } from "./landing-header";
import { Pricing } from "./pricing";
import { StaleSessionCleanup } from "./stale-session-cleanup";

/**
 * Public landing page (spec sections 1-2); also shown for any unknown top-level path. Static:
 * the caller sends a signed-in visitor to /app first (proxy.ts for "/", the page for others).
 */
export async function LandingPage() {
  const t = await getTranslations("Landing");
  return (
    <>
      <StaleSessionCleanup />
      <LandingHeader />
      <main data-smooth-scroll>
        <Hero />
        <Features />
        <Benefits />
        <Pricing />
        <Faq />
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {t("footer", { year: new Date().getFullYear() })}
      </footer>
    </>
  );
}
