import { getTranslations } from "next-intl/server";
import {
  Download,
  KeyRound,
  Lock,
  ShieldCheck,
  Trash2,
  UserPlus,
  Users,
  Webhook,
} from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { AppearanceFields } from "./appearance-fields";
import { SectionCard } from "@/components/ui/section-card";
import { fieldClass, secondaryButtonClass } from "./settings-section";

const timeZones = ["UTC", "UTC+2", "UTC+3", "UTC+4"];
const checkboxClass =
  "size-4 rounded border-slate-300 text-brand-600 accent-brand-600 dark:border-slate-600";

// Spec: none of these buttons has any behaviour; they are type="button" on purpose.
function Action({ icon: Icon, label }: { icon: typeof Lock; label: string }) {
  return (
    <button type="button" className={secondaryButtonClass}>
      <Icon aria-hidden className="size-4" /> {label}
    </button>
  );
}

export async function SettingsView() {
  const t = await getTranslations("Settings");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")} description={t("subtitle")} />
      <div className="grid gap-5">
        <SectionCard id="general" title={t("general")}>
          <div className="grid gap-5">
            <AppearanceFields />
            <div>
              <label
                htmlFor="settings-tz"
                className="mb-2 block text-sm font-medium text-slate-700 dark:text-slate-200"
              >
                {t("timeZone")}
              </label>
              <select id="settings-tz" defaultValue="UTC" className={fieldClass}>
                {timeZones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </SectionCard>
        <SectionCard id="notifications" title={t("notifications")}>
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input type="checkbox" defaultChecked className={checkboxClass} /> {t("email")}
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input type="checkbox" className={checkboxClass} /> {t("push")}
            </label>
          </div>
        </SectionCard>
        <SectionCard id="account" title={t("account")}>
          <div className="flex flex-wrap gap-3">
            <Action icon={Lock} label={t("changePassword")} />
            <Action icon={ShieldCheck} label={t("enable2fa")} />
          </div>
        </SectionCard>
        <SectionCard id="data" title={t("dataPrivacy")}>
          <div className="flex flex-wrap gap-3">
            <Action icon={Download} label={t("exportData")} />
            <Action icon={Trash2} label={t("clearPreferences")} />
          </div>
        </SectionCard>
        <SectionCard id="workspace" title={t("workspace")}>
          <div className="flex flex-wrap gap-3">
            <Action icon={UserPlus} label={t("inviteMembers")} />
            <Action icon={Users} label={t("manageRoles")} />
          </div>
        </SectionCard>
        <SectionCard id="advanced" title={t("advanced")}>
          <div className="flex flex-wrap gap-3">
            <Action icon={KeyRound} label={t("generateApiKey")} />
            <Action icon={Webhook} label={t("webhookSettings")} />
          </div>
        </SectionCard>
        <div className="flex justify-end">
          <button
            type="button"
            className="h-10 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t("saveChanges")}
          </button>
        </div>
      </div>
    </div>
  );
}
