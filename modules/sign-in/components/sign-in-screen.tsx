import { getTranslations } from "next-intl/server";
import { PublicBrand } from "@/modules/shell/components/brand-mark";
import { ArrowLeftIcon, CircleCheckIcon } from "./icons";
import { LoginForm } from "./login-form";
import { PublicLink } from "@/modules/shell/components/public-link";

/** /login and /register: the same Sign In screen (spec route table). */
export async function SignInScreen() {
  // Spec: a signed-in visitor is redirected to / (which sends them on to /app): proxy.ts does
  // that before this prerendered screen is served.
  const t = await getTranslations("Login");
  const points = ["point1", "point2", "point3"] as const;
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="absolute -end-24 -top-24 size-96 rounded-full bg-white/10 blur-3xl"
        />
        <div className="relative rounded-lg [&_span]:text-white">
          <PublicBrand />
        </div>
        <div className="relative max-w-md">
          <h2 className="text-3xl font-semibold leading-tight tracking-tight">{t("asideTitle")}</h2>
          <ul className="mt-6 grid gap-3 text-brand-50">
            {points.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-300" /> {t(p)}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-100">{t("asideFooter")}</p>
      </aside>
      <main className="flex flex-col px-5 py-8 sm:px-10">
        <div className="flex items-center justify-between">
          <div className="lg:hidden">
            <PublicBrand />
          </div>
          <PublicLink
            href="/"
            className="ms-auto inline-flex items-center gap-1 rounded text-sm text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          >
            <ArrowLeftIcon className="size-4 rtl:rotate-180" /> {t("backHome")}
          </PublicLink>
        </div>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {t("title")}
          </h1>
          <p className="mb-8 mt-2 text-sm text-slate-500 dark:text-slate-400">{t("subtitle")}</p>
          <LoginForm />
          <p className="mt-8 text-center text-xs text-slate-500 dark:text-slate-400">{t("help")}</p>
        </div>
      </main>
    </div>
  );
}
