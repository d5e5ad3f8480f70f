"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { ChevronRight } from "@/components/ui/first-load-icons";
import { can } from "@/lib/auth/permissions";
import { useMemberRole } from "@/lib/client/member-role";
import { routeLabels } from "./nav-items";

/** Second bar: where you are (breadcrumb) — unknown paths read as the dashboard they fall back to. */
export function SecondBar() {
  const t = useTranslations("Nav");
  const ts = useTranslations("Shell");
  const pathname = usePathname().replace(/\/$/, "");
  const role = useMemberRole();
  const crumbs: { href: string; label: string }[] = [];
  // The live floor does not exist for a rep: its path reads as an unknown one (the dashboard).
  const hidden = pathname === "/app/floor" && !can(role, "team.floor");
  if (routeLabels[pathname] && !hidden) {
    const parts = pathname.split("/").filter(Boolean);
    for (let i = 2; i <= parts.length; i++) {
      const href = `/${parts.slice(0, i).join("/")}`;
      if (routeLabels[href]) crumbs.push({ href, label: t(routeLabels[href]) });
    }
  }

  return (
    <nav
      aria-label={ts("breadcrumb")}
      className="flex h-10 items-center border-b border-line bg-canvas/80 px-4 text-sm md:px-6"
    >
      <ol className="flex min-w-0 items-center gap-1.5 text-fg-muted">
        <li>
          <Link href="/app" className="rounded hover:text-fg">
            {t("dashboard")}
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={c.href} className="flex min-w-0 items-center gap-1.5">
            <ChevronRight aria-hidden className="size-3.5 shrink-0 rtl:rotate-180" />
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="truncate font-medium text-fg">
                {c.label}
              </span>
            ) : (
              <Link href={c.href} className="truncate rounded hover:text-fg">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
