import Link from "next/link";
import { useTranslations } from "next-intl";
import { PhoneCall } from "lucide-react";

/** Logo mark + product name (Common.appName). */
export function Brand({
  href = "/app",
  compact = false,
  nameFrom,
}: {
  href?: string;
  compact?: boolean;
  nameFrom?: "sm";
}) {
  const t = useTranslations("Common");
  return (
    <Link href={href} className="flex items-center gap-2 rounded-lg font-semibold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-indigo-600 text-white shadow-sm">
        <PhoneCall aria-hidden className="size-4" />
      </span>
      <span
        className={
          compact
            ? "sr-only"
            : `text-base text-slate-900 dark:text-white ${nameFrom === "sm" ? "max-sm:sr-only" : ""}`
        }
      >
        {t("appName")}
      </span>
    </Link>
  );
}
