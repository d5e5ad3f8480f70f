"use client";

import { useCallback, useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { DialerDockColumn } from "@/modules/dialer/components/dialer-dock";
import { DialerProvider } from "@/modules/dialer/components/dialer-provider";
import type { RepLine } from "@/modules/dialer/lib/line";
import type { MemberRole } from "@/lib/auth/permissions";
import { MemberRoleProvider } from "@/lib/client/member-role";
import { useSession } from "@/lib/client/session";
import { useSidebarCollapsed } from "@/lib/client/sidebar-pref";
import { LiveUpdates } from "./live-updates";
import { PresenceReporter } from "@/modules/floor/components/presence-reporter";
import { MonitorResponder } from "@/modules/floor/components/monitor-responder";
import { logoutToLogin } from "@/modules/shell/client/logout";
import { SecondBar } from "./second-bar";
import { SidebarNav } from "./sidebar-nav";
import { TopBar } from "./top-bar";
import { clientComponent } from "@/components/ui/client-component";

// The floating dialer window (keypad, disposition form, date formatting: ~20 KiB gz) is not in
// the page's first load: it renders on the client once its code has arrived, just after
// hydration. It is position: fixed and hidden until measured, so nothing moves when it appears;
// the call itself (DialerProvider, useDialer) is ready from the first render. Loaded without
// Suspense (components/ui/client-component.tsx): the dialer must show whatever else is loading.
const DialerWidget = clientComponent(() =>
  import("@/modules/dialer/components/dialer-widget").then((m) => m.DialerWidget),
);

// Callback reminders ring from a chunk loaded after the page.
const CallbackReminders = dynamic(
  () =>
    import("@/modules/callbacks/components/callback-reminders").then((m) => m.CallbackReminders),
  { ssr: false },
);

// The phone drawer (Radix Dialog) loads the first time it opens, not with every page.
const MobileDrawer = dynamic(() => import("./mobile-drawer").then((m) => m.MobileDrawer), {
  ssr: false,
});

/** Client half of the /app layout: session guard, sidebar state, dialer context. */
export function AppShell({
  initialCollapsed,
  initialDockReserved,
  serverUsername,
  role,
  badge,
  line,
  children,
}: {
  initialCollapsed: boolean;
  /** Whether the docked dialer's column was there when the rep left (its cookie). */
  initialDockReserved: boolean;
  /** Verified by the layout; lets the first paint show the user menu (no shift on hydration). */
  serverUsername: string;
  /** The member's role, for screens that hide what it does not allow (lib/client/member-role.tsx). */
  role: MemberRole;
  /** The "Preview" badge on a preview deployment (rendered by the server layout). */
  badge?: React.ReactNode;
  /** The organization's phone line, or null: calls are then the spec's simulation. */
  line: RepLine | null;
  children: React.ReactNode;
}) {
  const t = useTranslations("Shell");
  const pathname = usePathname();
  const session = useSession();
  const [collapsed, setCollapsed] = useSidebarCollapsed(initialCollapsed);
  const [drawer, setDrawer] = useState({ open: false, path: pathname });
  // A navigation closes the drawer (derived, so no effect-driven re-render).
  const drawerOpen = drawer.open && drawer.path === pathname;
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);

  // The layout verified the cookie; without a stored token (removed in this or another tab)
  // the API calls cannot work, so end the cookie's session too and go to sign in.
  useEffect(() => {
    if (session.ready && !session.token) void logoutToLogin();
  }, [session.ready, session.token]);

  const toggleCollapsed = useCallback(() => setCollapsed(!collapsed), [collapsed, setCollapsed]);
  const openDrawer = useCallback(() => setDrawer({ open: true, path: pathname }), [pathname]);
  const closeDrawer = useCallback(() => setDrawer((d) => ({ ...d, open: false })), []);

  return (
    <MemberRoleProvider value={role}>
      <DialerProvider line={line}>
        <a
          href="#content"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
        >
          {t("skipToContent")}
        </a>
        <div className="flex min-h-dvh flex-col">
          <TopBar
            collapsed={collapsed}
            drawerOpen={drawerOpen}
            onToggleCollapsed={toggleCollapsed}
            onOpenDrawer={openDrawer}
            serverUsername={serverUsername}
            badge={badge}
            hasLine={line !== null}
          />
          <SecondBar />
          <div className="flex flex-1">
            <aside
              id="app-sidebar"
              data-testid="sidebar"
              data-collapsed={collapsed ? "true" : "false"}
              className={`hidden shrink-0 border-e border-line bg-surface transition-[width] duration-200 motion-reduce:transition-none lg:block ${
                collapsed ? "w-[4.25rem]" : "w-60"
              }`}
            >
              <nav aria-label={t("mainNav")} className="sticky top-[57px] p-3">
                <SidebarNav collapsed={collapsed} />
              </nav>
            </aside>
            {drawerUsed && <MobileDrawer open={drawerOpen} onClose={closeDrawer} />}
            <main
              id="content"
              tabIndex={-1}
              // The bottom keeps clear room for the minimised dialer's bar, so a page's last
              // action (Settings' Save) can always scroll out from under it.
              className="min-w-0 flex-1 px-4 pt-4 pb-24 focus:outline-none md:px-6 md:pt-6 lg:px-8 lg:pt-8"
            >
              {children}
            </main>
            <DialerDockColumn initialReserved={initialDockReserved} />
          </div>
        </div>
        <DialerWidget />
        <CallbackReminders />
        <LiveUpdates />
        <PresenceReporter />
        <MonitorResponder />
      </DialerProvider>
    </MemberRoleProvider>
  );
}
