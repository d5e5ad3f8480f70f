"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { CircleHelp, LogOut, Settings, UserRound } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useFocusFirstItem, type LazyMenuOpen } from "@/components/ui/lazy-menu";
import { logoutToLogin } from "@/modules/shell/client/logout";

/** The user menu itself, loaded on first use (modules/shell/components/user-menu.tsx). */
export default function UserMenuDropdown({
  name,
  trigger,
  defaultOpen,
  focusFirstItem,
}: LazyMenuOpen & { name: string; trigger: React.ReactElement }) {
  const contentRef = useFocusFirstItem(focusFirstItem);
  const t = useTranslations("Shell");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent ref={contentRef}>
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
        <DropdownMenuItem onSelect={() => void logoutToLogin()}>
          <LogOut aria-hidden className="rtl:-scale-x-100" /> {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
