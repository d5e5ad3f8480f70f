"use client";

import { Suspense } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Menu, PanelLeftClose, PanelLeftOpen } from "@/components/ui/first-load-icons";
import { CallControls } from "@/modules/dialer/components/call-controls";
import { IconButton } from "@/components/ui";
import { Brand } from "./brand";
import { SearchBox } from "./search-box";
import { UserMenu } from "./user-menu";

/** The indicator's footprint (dot; the words from xl up), held by the placeholder and itself. */
const LINE_INDICATOR_SPACE = "inline-block h-8 w-6 shrink-0 xl:w-28";

// The phone line's indicator is only for organizations with a line, so its code is not in every
// page's first load; its space is held while it arrives (no shift).
const LineIndicator = dynamic(
  () => import("@/modules/dialer/components/line-indicator").then((m) => m.LineIndicator),
  { ssr: false, loading: () => <span aria-hidden className={LINE_INDICATOR_SPACE} /> },
);

type Props = {
  collapsed: boolean;
  drawerOpen: boolean;
  onToggleCollapsed: () => void;
  onOpenDrawer: () => void;
  serverUsername: string;
  badge?: React.ReactNode;
  /** The organization has a phone line: show its state beside the call controls. */
  hasLine: boolean;
};

/** Navbar: sidebar toggle, brand, search, call controls, user menu. The search wraps to its own row on phones. */
export function TopBar(props: Props) {
  const { collapsed, drawerOpen, onToggleCollapsed, onOpenDrawer, serverUsername, badge, hasLine } =
    props;
  const t = useTranslations("Shell");
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <header className="relative z-40 border-b border-line bg-surface/90 backdrop-blur md:sticky md:top-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 lg:flex-nowrap md:px-4">
        {/* Two toggles, because they do different things: collapse the rail (lg+) or open the drawer. */}
        <IconButton
          label={t("toggleSidebar")}
          onClick={onToggleCollapsed}
          aria-expanded={!collapsed}
          aria-controls="app-sidebar"
          data-testid="sidebar-toggle"
          className="hidden size-10 rounded-lg lg:inline-flex"
        >
          <Icon aria-hidden className="rtl:-scale-x-100" />
        </IconButton>
        <IconButton
          label={t("openMenu")}
          tooltip={false}
          onClick={onOpenDrawer}
          aria-expanded={drawerOpen}
          aria-controls="mobile-nav"
          data-testid="drawer-toggle"
          className="size-10 rounded-lg lg:hidden"
        >
          <Menu aria-hidden />
        </IconButton>
        <div className="flex shrink-0 items-center gap-2">
          <Brand compact />
          {badge}
        </div>
        {/* Phones: toggle, brand, user menu / call controls / search. Tablets: search on row 2. */}
        <div className="order-5 flex w-full lg:order-none lg:w-auto lg:max-w-xl lg:flex-1">
          <Suspense fallback={<div className="h-10 w-full" />}>
            <SearchBox />
          </Suspense>
        </div>
        <div className="order-4 flex w-full min-w-0 items-center gap-1 overflow-x-auto md:order-none md:ms-auto md:w-auto">
          {hasLine ? <LineIndicator /> : null}
          <CallControls />
        </div>
        <div className="order-3 ms-auto md:order-none md:ms-0">
          <UserMenu serverUsername={serverUsername} />
        </div>
      </div>
    </header>
  );
}
