import { getTranslations } from "next-intl/server";
import { Brand } from "@/modules/shell/components/brand";
import { AcceptInvitation } from "@/modules/team/components/accept-invitation";
import { invitationPreview } from "@/modules/team/lib/invitation-preview";

export async function generateMetadata() {
  return {
    title: (await getTranslations("Invite"))("title"),
    robots: { index: false },
    referrer: "no-referrer" as const,
  };
}

// Public (no session): an invitee has no account yet. The token is the mailed link's.
export default async function InvitePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const t = await getTranslations("Invite");
  // The team and role the link is for, while it can still be accepted.
  const invitation = typeof token === "string" ? await invitationPreview(token) : null;
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-5 py-10 dark:bg-slate-950">
      <div className="mb-10">
        <Brand href="/" />
      </div>
      <div className="w-full max-w-sm rounded-xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        {invitation ? (
          <p className="mt-2 text-sm font-medium text-fg" data-testid="invite-for">
            {t.rich("invitedTo", {
              ...invitation,
              b: (chunks) => <bdi className="font-semibold">{chunks}</bdi>,
            })}
          </p>
        ) : null}
        <p className="mb-5 mt-1 text-sm text-fg-muted">{t("subtitle")}</p>
        <AcceptInvitation token={typeof token === "string" ? token : null} />
      </div>
    </main>
  );
}
