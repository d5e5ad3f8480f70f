"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemberRole } from "@/lib/client/member-role";
import { isActive, navItemsFor } from "./nav-items";

/** Pulses on the clicked entry while its dynamic page renders (absolute: nothing moves). */
function PendingHint() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden
      className={`absolute end-2 top-1/2 size-1.5 -translate-y-1/2 rounded-full bg-current transition-opacity ${
        pending ? "animate-pulse opacity-80" : "opacity-0"
      }`}
    />
  );
}

/** The sidebar's link list, shared by the desktop rail and the mobile drawer. */
export function SidebarNav({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  const t = useTranslations("Nav");
  const role = useMemberRole();
  return (
    <ul className="flex flex-col gap-1">
      {navItemsFor(role).map(({ href, key, icon: Icon, exact }) => {
        const active = isActive(pathname, href, exact);
        return (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              title={collapsed ? t(key) : undefined}
              className={`group relative flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
                active
                  ? "bg-primary text-primary-fg shadow-sm"
                  : "text-fg-muted hover:bg-surface-muted hover:text-fg"
              } ${collapsed ? "justify-center px-0" : ""}`}
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              <span className={collapsed ? "sr-only" : "truncate"}>{t(key)}</span>
              <PendingHint />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
