"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, ShieldAlert } from "lucide-react";
import { Badge, Button, Spinner, type Tone } from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import { clearOperatorToken, getOperatorToken } from "@/lib/client/operator-session";
import { subscribeStored } from "@/lib/client/storage";
import { ServerlessPanel } from "@/modules/deploy/components/serverless-panel";
import { AuditPanel } from "./audit-panel";
import { BuildDeployPanel } from "./build-deploy-panel";
import { DbSummaryPanel } from "./db-panel";
import { LogsPanel } from "./logs-panel";
import { OrganizationsPanel } from "./organizations-panel";
import { ServicesPanel } from "./services-panel";
import { DiskPanel, MetricsPanel, SysinfoPanel } from "./system-panels";
import { RecordingsPanel } from "./recordings-panel";
import { RequiredTwoFactor, SecurityPanel } from "./security-panel";
import { TelephonyPanel } from "./telephony-panel";
import { VersionEnvPanel } from "./version-env-panel";
import { operatorLogout, opsKeys, useOperatorPing } from "@/modules/console/hooks/use-ops";

type Ping =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "ok" }
  | { state: "unauthorized" }
  | { state: "error"; status: number };

/** How long "No admin token present." shows before the login opens. */
const noTokenRedirectMs = 1200;

/** Spec section 4: idle, checking, ok, unauthorized (401/403) or error (another status). */
function pingState(
  token: string | null | undefined,
  q: { isSuccess: boolean; error: unknown; isFetching: boolean },
): Ping {
  if (typeof token !== "string") return { state: "idle" };
  if (q.isSuccess) return { state: "ok" };
  if (q.error) {
    const status = q.error instanceof ApiClientError ? q.error.status : 0;
    return status === 401 || status === 403
      ? { state: "unauthorized" }
      : { state: "error", status };
  }
  return { state: "checking" };
}

/** /adminconsole/console: token check, ping, sign-out and the nine panels (spec sections 2, 4, 8). */
export function ConsoleScreen({
  serverless = false,
  badge,
}: {
  /** A serverless deployment: no systemctl, local logs, disk or build & deploy to show. */
  serverless?: boolean;
  /** The "Preview" badge on a preview deployment. */
  badge?: React.ReactNode;
}) {
  const t = useTranslations("Admin.console");
  const router = useRouter();
  const queryClient = useQueryClient();
  // undefined until read in the browser (server render and hydration); null when there is none.
  const token = useSyncExternalStore(
    subscribeStored,
    () => getOperatorToken(),
    () => undefined,
  );
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (token !== null) return;
    const timer = setTimeout(() => router.replace("/adminconsole"), noTokenRedirectMs);
    return () => clearTimeout(timer);
  }, [token, router]);

  const pingQuery = useOperatorPing(token);
  const ping = pingState(token, pingQuery);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await operatorLogout();
    } catch {
      // The token is forgotten below either way; an expired one needs no server call.
    }
    clearOperatorToken();
    queryClient.removeQueries({ queryKey: opsKeys.all });
    router.replace("/adminconsole");
  }, [queryClient, router]);

  if (token === undefined) {
    return (
      <main className="grid min-h-dvh place-items-center bg-canvas">
        <Spinner label={t("loading")} />
      </main>
    );
  }

  if (token === null) {
    return (
      <main className="grid min-h-dvh place-items-center bg-canvas px-5">
        <div className="max-w-sm rounded-xl border border-line bg-surface p-6 text-center shadow-sm">
          <h1 className="text-lg font-semibold text-fg">{t("title")}</h1>
          <p role="alert" className="mt-3 text-sm text-danger-text" data-testid="console-no-token">
            {t("noToken")}
          </p>
          <Button asChild variant="secondary" className="mt-5">
            <Link href="/adminconsole">{t("backToLogin")}</Link>
          </Button>
        </div>
      </main>
    );
  }

  const pingText =
    ping.state === "error"
      ? ping.status === 0
        ? t("ping.network")
        : t("ping.error", { status: ping.status })
      : t(`ping.${ping.state}`);
  const pingTone: Tone =
    ping.state === "ok"
      ? "success"
      : ping.state === "unauthorized" || ping.state === "error"
        ? "danger"
        : "neutral";

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-fg">{t("title")}</h1>
              {badge}
            </div>
            <p className="mt-0.5 text-sm text-fg-muted">{t("subtitle")}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <span role="status" data-testid="console-ping" data-state={ping.state}>
              <Badge tone={pingTone}>
                {ping.state === "checking" ? <Spinner className="size-3" /> : null}
                {pingText}
              </Badge>
            </span>
            <Button variant="secondary" size="sm" onClick={signOut} disabled={signingOut}>
              <LogOut aria-hidden className="rtl:rotate-180" /> {t("signOut")}
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-screen-2xl px-4 py-6 sm:px-6">
        {ping.state === "unauthorized" ? (
          <div
            role="alert"
            className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-line bg-surface p-6 text-center"
          >
            <ShieldAlert aria-hidden className="size-8 text-danger-text" />
            <p className="text-sm text-fg">{t("ping.unauthorized")}</p>
            <Button onClick={signOut}>{t("signInAgain")}</Button>
          </div>
        ) : ping.state === "ok" && pingQuery.data?.mustEnrolTwoFactor ? (
          <RequiredTwoFactor onDone={() => void pingQuery.refetch()} />
        ) : ping.state === "ok" ? (
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 2xl:grid-cols-3">
            {serverless ? (
              <>
                <ServerlessPanel />
                <DbSummaryPanel backups={false} />
                <VersionEnvPanel />
                <MetricsPanel />
                <SysinfoPanel />
                <OrganizationsPanel />
                <TelephonyPanel />
                <RecordingsPanel />
                <AuditPanel />
                <SecurityPanel required={pingQuery.data?.twoFactorRequired ?? false} />
              </>
            ) : (
              <>
                <ServicesPanel />
                <DbSummaryPanel />
                <VersionEnvPanel />
                <MetricsPanel />
                <DiskPanel />
                <SysinfoPanel />
                <LogsPanel />
                <OrganizationsPanel />
                <TelephonyPanel />
                <RecordingsPanel />
                <AuditPanel />
                <BuildDeployPanel />
                <SecurityPanel required={pingQuery.data?.twoFactorRequired ?? false} />
              </>
            )}
          </div>
        ) : ping.state === "error" ? (
          <p role="alert" className="text-sm text-danger-text">
            {pingText}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner /> {t("ping.checking")}
          </p>
        )}
      </main>
    </div>
  );
}
