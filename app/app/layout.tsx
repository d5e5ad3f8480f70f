import { cookies } from "next/headers";
import { AppShell } from "@/components/shell/app-shell";
import { SIDEBAR_COOKIE } from "@/lib/client/sidebar-keys";

// The remembered sidebar width is rendered on the server (cookie mirror of localStorage) so it never jumps.
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const initialCollapsed = (await cookies()).get(SIDEBAR_COOKIE)?.value === "1";
  return <AppShell initialCollapsed={initialCollapsed}>{children}</AppShell>;
}
