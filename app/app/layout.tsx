import { cookies } from "next/headers";
import { DynamicRootDocument } from "@/components/dynamic-root-document";
import { rootMetadata } from "@/components/root-document";
import { AppShell } from "@/modules/shell/components/app-shell";
import { PreviewBadge } from "@/modules/deploy/components/preview-badge";
import { requirePageSession } from "@/lib/auth/page-session";
import { isPreview } from "@/lib/env";
import { clientNamespaces } from "@/lib/i18n/namespaces";
import { appConnectPolicy } from "@/lib/security/connect-sources";
import { DIALER_DOCK_COOKIE } from "@/lib/shell/dialer-dock-cookie";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";
import { repLine } from "@/modules/telephony/lib/rep-line";

export const metadata = rootMetadata;

// The proxy only checks that a session cookie looks plausible; this verifies it for real
// (signature, expiry, revocation, disabled account) before anything of /app renders.
// A signature-valid cookie the database no longer accepts goes to /session-expired (every page
// checks too: lib/auth/page-session.ts says why). This is a root layout: the
// public pages have their own, prerendered (app/p/[locale]/layout.tsx).
// The organization's phone line (its public settings; credentials come per rep from the API)
// is read here, so the dialer knows at first render whether to load SIP at all.
// The remembered sidebar width is rendered on the server (cookie mirror of localStorage) so it never jumps.
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await requirePageSession();
  const jar = await cookies();
  const initialCollapsed = jar.get(SIDEBAR_COOKIE)?.value === "1";
  // The docked dialer's column, as the rep left it (absent: docked, the default).
  const initialDockReserved = jar.get(DIALER_DOCK_COOKIE)?.value !== "0";
  const phone = await repLine(session);
  const line = phone.configured ? phone.line : null;
  return (
    <DynamicRootDocument namespaces={clientNamespaces.app}>
      {/* The page may connect to exactly its organization's phone line: this policy narrows the
          proxy's header (lib/security/connect-sources.ts); React hoists it into <head>. */}
      <meta httpEquiv="Content-Security-Policy" content={appConnectPolicy(line?.wsUrl ?? null)} />
      <AppShell
        line={line}
        initialCollapsed={initialCollapsed}
        initialDockReserved={initialDockReserved}
        serverUsername={session.username}
        role={session.role}
        badge={isPreview ? <PreviewBadge /> : null}
      >
        {children}
      </AppShell>
    </DynamicRootDocument>
  );
}
