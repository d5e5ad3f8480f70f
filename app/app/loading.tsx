import { getTranslations } from "next-intl/server";

// Shown in the content area while a /app page renders on the server, so a click answers at once.
export default async function Loading() {
  const t = await getTranslations("Shell");
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex max-w-7xl animate-pulse flex-col gap-6"
    >
      <span className="sr-only">{t("loading")}</span>
      <div className="h-8 w-48 rounded-lg bg-slate-200 dark:bg-slate-800" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-28 rounded-xl bg-slate-200/70 dark:bg-slate-800/70" />
        ))}
      </div>
      <div className="h-64 rounded-xl bg-slate-200/50 dark:bg-slate-800/50" />
    </div>
  );
}
