import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { RequiredTwoFactor } from "@/modules/account-security/components/required-two-factor";
import { ScreenMessages } from "@/components/screen-messages";
import { Brand } from "@/modules/shell/components/brand";
import { getPageSession } from "@/lib/auth/page-session";

export async function generateMetadata() {
  return {
    title: (await getTranslations("AccountSecurity"))("requiredTitle"),
    robots: { index: false },
  };
}

// A member whose organization requires a second factor they have not set up lands here from
// every /app page (lib/auth/page-session.ts) and can do nothing else until it is on (the API
// answers only their own account's routes meanwhile: lib/api/handler.ts).
export default async function TwoFactorRequiredPage() {
  const session = await getPageSession();
  if (!session) redirect("/login");
  if (!session.mustEnrolTwoFactor) redirect("/app");
  const t = await getTranslations("AccountSecurity");
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-5 py-10 dark:bg-slate-950">
      <div className="mb-10">
        <Brand href="/app" />
      </div>
      <div className="w-full max-w-md rounded-xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-fg">{t("requiredTitle")}</h1>
        <p className="mb-5 mt-1 text-sm text-fg-muted">{t("requiredIntro")}</p>
        <ScreenMessages namespaces={{ only: ["AccountSecurity"] }}>
          <RequiredTwoFactor />
        </ScreenMessages>
      </div>
    </main>
  );
}
