"use client";

import { Suspense } from "react";
import { useTranslations } from "next-intl";
import { Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { CallControls } from "@/components/dialer";
import { Brand } from "./brand";
import { SearchBox } from "./search-box";
import { UserMenu } from "./user-menu";

type Props = {
  collapsed: boolean;
  drawerOpen: boolean;
  onToggleCollapsed: () => void;
  onOpenDrawer: () => void;
  serverUsername: string;
};

const iconButton =
  "size-10 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

/** Navbar: sidebar toggle, brand, search, call controls, user menu. The search wraps to its own row on phones. */
export function TopBar(props: Props) {
  const { collapsed, drawerOpen, onToggleCollapsed, onOpenDrawer, serverUsername } = props;
  const t = useTranslations("Shell");
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <header className="relative z-40 md:sticky md:top-0 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 lg:flex-nowrap md:px-4">
        {/* Two toggles, because they do different things: collapse the rail (lg+) or open the drawer. */}
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={t("toggleSidebar")}
          aria-expanded={!collapsed}
          aria-controls="app-sidebar"
          data-testid="sidebar-toggle"
          className={`hidden lg:grid ${iconButton}`}
        >
          <Icon aria-hidden className="size-5 rtl:-scale-x-100" />
        </button>
        <button
          type="button"
          onClick={onOpenDrawer}
          aria-label={t("openMenu")}
          aria-expanded={drawerOpen}
          aria-controls="mobile-nav"
          data-testid="drawer-toggle"
          className={`grid lg:hidden ${iconButton}`}
        >
          <Menu aria-hidden className="size-5" />
        </button>
        <div className="shrink-0">
          <Brand compact />
        </div>
        {/* Phones: toggle, brand, user menu / call controls / search. Tablets: search on row 2. */}
        <div className="order-5 flex w-full lg:order-none lg:w-auto lg:max-w-xl lg:flex-1">
          <Suspense fallback={<div className="h-10 w-full" />}>
            <SearchBox />
          </Suspense>
        </div>
        <div className="order-4 w-full min-w-0 overflow-x-auto md:order-none md:ms-auto md:w-auto">
          <CallControls />
        </div>
        <div className="order-3 ms-auto md:order-none md:ms-0">
          <UserMenu serverUsername={serverUsername} />
        </div>
      </div>
    </header>
  );
}
