"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ChevronDown, CircleHelp, LogOut, Settings, UserRound } from "lucide-react";
import { useSession } from "@/lib/client/session";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui";
import { logout } from "./logout";

/** Profile / Settings / Help / Logout; rendered only while a session token exists (spec section 6). */
export function UserMenu({ serverUsername }: { serverUsername: string }) {
  const t = useTranslations("Shell");
  const router = useRouter();
  const { ready, token, username } = useSession();
  // Before localStorage is readable, trust the server-verified session so nothing shifts.
  if (ready && !token) return null;
  const name = (ready ? username : null) ?? serverUsername;

  return (
    <DropdownMenu>
      {/* Named by its visible text (the username, from md up) followed by "User menu", so the
          spoken name starts with what sighted voice-control users see. */}
      <DropdownMenuTrigger
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
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t("signedInAs", { username: name })}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/app/profile">
            <UserRound aria-hidden /> {t("profile")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/app/settings">
            <Settings aria-hidden /> {t("settings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/app/help">
            <CircleHelp aria-hidden /> {t("help")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout().then(() => router.replace("/login"))}>
          <LogOut aria-hidden className="rtl:-scale-x-100" /> {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
