import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { PreviewBadge } from "@/components/deploy/preview-badge";
import { AppShell } from "@/components/shell/app-shell";
import { getPageSession } from "@/lib/auth/page-session";
import { isPreview } from "@/lib/env";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";

// The proxy only checks that a session cookie looks plausible; this verifies it for real
// (signature, expiry, revocation, disabled account) before anything of /app renders.
// The remembered sidebar width is rendered on the server (cookie mirror of localStorage) so it never jumps.
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await getPageSession();
  if (!session) redirect("/login");
  const initialCollapsed = (await cookies()).get(SIDEBAR_COOKIE)?.value === "1";
  return (
    <AppShell
      initialCollapsed={initialCollapsed}
      serverUsername={session.username}
      badge={isPreview ? <PreviewBadge /> : null}
    >
      {children}
    </AppShell>
  );
}
