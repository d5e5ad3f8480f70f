import {
  BarChart3,
  CalendarClock,
  ChartLine,
  LayoutDashboard,
  ListChecks,
  PhoneMissed,
  RadioTower,
  Target,
} from "@/components/ui/first-load-icons";
import type { Messages } from "next-intl";
import { can, type MemberRole, type Permission } from "@/lib/auth/permissions";

/** Sidebar entries (spec "Shell of /app"); `exact` = highlighted only on that very path. */
export const navItems = [
  { href: "/app", key: "dashboard", icon: LayoutDashboard, exact: true },
  { href: "/app/reports", key: "reports", icon: BarChart3, exact: false },
  { href: "/app/analytics", key: "analytics", icon: ChartLine, exact: false },
  { href: "/app/targets", key: "targets", icon: Target, exact: false },
  { href: "/app/missed-calls", key: "missedCalls", icon: PhoneMissed, exact: false },
  { href: "/app/callbacks", key: "callbacks", icon: CalendarClock, exact: false },
  { href: "/app/call-log", key: "callLog", icon: ListChecks, exact: false },
  // Managers only (the role table's team.floor): a rep's sidebar never lists it.
  { href: "/app/floor", key: "floor", icon: RadioTower, exact: false, permission: "team.floor" },
] as const satisfies readonly NavItem[];

type NavItem = {
  href: string;
  key: keyof Messages["Nav"];
  icon: unknown;
  exact: boolean;
  /** Listed only for a member whose role holds it. */
  permission?: Permission;
};

/** The entries a member with `role` sees. */
export function navItemsFor(role: MemberRole) {
  return navItems.filter((item) => !("permission" in item) || can(role, item.permission));
}

export function isActive(pathname: string, href: string, exact: boolean): boolean {
  if (exact) return pathname === href || pathname === `${href}/`;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Labels of every /app route, for the second bar's breadcrumb. Unknown paths show the dashboard. */
/** Breadcrumb labels: a key of the Nav messages per route (typed, so a typo fails to compile). */
export const routeLabels: Record<string, keyof Messages["Nav"]> = {
  "/app/reports": "reports",
  "/app/reports/call-history": "callHistory",
  "/app/reports/call-reports": "callReports",
  "/app/reports/sales-history": "salesHistory",
  "/app/targets": "targets",
  "/app/analytics": "analytics",
  "/app/settings": "settings",
  "/app/profile": "profile",
  "/app/help": "help",
  "/app/missed-calls": "missedCalls",
  "/app/callbacks": "callbacks",
  "/app/call-log": "callLog",
  "/app/floor": "floor",
};
