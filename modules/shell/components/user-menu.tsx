"use client";

import { useTranslations } from "next-intl";
import { ChevronDown } from "@/components/ui/first-load-icons";
import { useSession } from "@/lib/client/session";
import { LazyMenu } from "@/components/ui/lazy-menu";

const loadDropdown = () => import("./user-menu-dropdown");

/**
 * Profile / Settings / Help / Logout; rendered only while a session token exists (spec section 6).
 * The menu's code loads when it is first used (components/ui/lazy-menu.tsx).
 */
export function UserMenu({ serverUsername }: { serverUsername: string }) {
  const t = useTranslations("Shell");
  const { ready, token, username } = useSession();
  // Before localStorage is readable, trust the server-verified session so nothing shifts.
  if (ready && !token) return null;
  const name = (ready ? username : null) ?? serverUsername;

  return (
    <LazyMenu
      load={loadDropdown}
      props={{ name }}
      trigger={
        // Named by its visible text (the username, from md up) followed by "User menu", so the
        // spoken name starts with what sighted voice-control users see.
        <button
          type="button"
          data-testid="user-menu-trigger"
          className="flex h-10 shrink-0 items-center gap-2 rounded-lg px-1.5 text-sm font-medium text-fg hover:bg-surface-muted data-[state=open]:bg-surface-muted"
        >
          <span
            aria-hidden
            className="grid size-8 place-items-center rounded-full bg-primary-soft text-sm font-semibold uppercase text-primary-soft-fg"
          >
            {name.slice(0, 1) || "?"}
          </span>
          <span className="hidden max-w-32 truncate md:inline">{name}</span>
          <span className="sr-only">{t("userMenu")}</span>
          <ChevronDown aria-hidden className="hidden size-4 text-fg-muted md:inline" />
        </button>
      }
    />
  );
}
