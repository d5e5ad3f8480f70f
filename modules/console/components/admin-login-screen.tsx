import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { Brand } from "@/modules/shell/components/brand";
import { IconBadge } from "@/components/ui";
import { AdminLoginForm } from "./admin-login-form";

/** /adminconsole: the operators' sign-in, apart from the reps' one. */
export async function AdminLoginScreen() {
  const t = await getTranslations("Admin.login");
  return (
    <div className="flex min-h-dvh flex-col bg-canvas px-5 py-8 sm:px-10">
      <div className="flex items-center justify-between gap-4">
        <Brand href="/" />
        <Link
          href="/"
          className="inline-flex items-center gap-1 rounded text-sm text-fg-muted hover:text-fg"
        >
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" /> {t("backHome")}
        </Link>
      </div>
      <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
        <div className="rounded-xl border border-line bg-surface p-6 shadow-sm">
          <IconBadge icon={ShieldCheck} tone="brand" />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">{t("title")}</h1>
          <p className="mb-6 mt-2 text-sm text-fg-muted">{t("subtitle")}</p>
          <AdminLoginForm />
        </div>
      </main>
    </div>
  );
}
