"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, CircleHelp, LogOut, Settings, UserRound } from "lucide-react";
import { useSession } from "@/lib/client/session";
import { logout } from "./logout";

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white";

/** Profile / Settings / Help / Logout; rendered only while a session token exists (spec section 6). */
export function UserMenu({ serverUsername }: { serverUsername: string }) {
  const t = useTranslations("Shell");
  const router = useRouter();
  const { ready, token, username } = useSession();
  // Before localStorage is readable, trust the server-verified session so nothing shifts.
  if (ready && !token) return null;
  const name = (ready ? username : null) ?? serverUsername;

  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t("userMenu")}
        className="flex h-10 shrink-0 items-center gap-2 rounded-lg px-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
      >
        <span
          aria-hidden
          className="grid size-8 place-items-center rounded-full bg-brand-100 text-sm font-semibold uppercase text-brand-700 dark:bg-brand-500/20 dark:text-brand-100"
        >
          {name.slice(0, 1) || "?"}
        </span>
        <span className="hidden max-w-32 truncate md:inline">{name}</span>
        <ChevronDown aria-hidden className="hidden size-4 text-slate-400 md:inline" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-[80] min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Menu.Label className="truncate px-2.5 py-1.5 text-xs text-slate-500 dark:text-slate-400">
            {t("signedInAs", { username: name })}
          </Menu.Label>
          <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <Menu.Item asChild className={itemClass}>
            <Link href="/app/profile">
              <UserRound aria-hidden className="size-4" /> {t("profile")}
            </Link>
          </Menu.Item>
          <Menu.Item asChild className={itemClass}>
            <Link href="/app/settings">
              <Settings aria-hidden className="size-4" /> {t("settings")}
            </Link>
          </Menu.Item>
          <Menu.Item asChild className={itemClass}>
            <Link href="/app/help">
              <CircleHelp aria-hidden className="size-4" /> {t("help")}
            </Link>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <Menu.Item
            className={itemClass}
            onSelect={() => void logout().then(() => router.replace("/login"))}
          >
            <LogOut aria-hidden className="size-4 rtl:-scale-x-100" /> {t("logout")}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
