import { useTranslations } from "next-intl";
import { PhoneCallIcon } from "@/modules/sign-in/components/phone-call-icon";
import { PublicLink } from "./public-link";

const linkClass = "flex items-center gap-2 rounded-lg font-semibold tracking-tight";

/** Logo mark + product name (Common.appName), without the link around it. */
export function BrandMark({ compact = false, nameFrom }: { compact?: boolean; nameFrom?: "sm" }) {
  const t = useTranslations("Common");
  return (
    <>
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-indigo-600 text-white shadow-sm">
        <PhoneCallIcon className="size-4" />
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
    </>
  );
}

/**
 * The brand on the prerendered public pages (/, /login, /register): a plain link to "/". Their
 * links are plain anchors, not next/link (~4 KiB gz of client code in each public page's first
 * load, and prefetches while the page loads): each target is a static document.
 */
export function PublicBrand({ nameFrom }: { nameFrom?: "sm" }) {
  return (
    <PublicLink href="/" className={linkClass}>
      <BrandMark nameFrom={nameFrom} />
    </PublicLink>
  );
}

export { linkClass as brandLinkClass };
