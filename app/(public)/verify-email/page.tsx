import { getTranslations } from "next-intl/server";
import { Brand } from "@/modules/shell/components/brand";
import { VerifyEmailView } from "@/modules/profile/components/verify-email/verify-email-view";

export async function generateMetadata() {
  return {
    title: (await getTranslations("VerifyEmail"))("title"),
    robots: { index: false },
    referrer: "no-referrer" as const,
  };
}

// Public (no session needed): the link is often opened on another device than the one that asked.
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-5 py-10 dark:bg-slate-950">
      <div className="mb-10">
        <Brand href="/" />
      </div>
      <div className="flex w-full flex-1 items-start justify-center sm:items-center">
        <VerifyEmailView token={typeof token === "string" ? token : null} />
      </div>
    </main>
  );
}
