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
import { Button, Checkbox, PageHeader, SectionCard } from "@/components/ui";
import { DoNotCallSection } from "@/components/dialing/do-not-call-section";
import { AppearanceFields } from "./appearance-fields";
import { TimeZoneField } from "./time-zone-field";

// Spec: none of these buttons has any behaviour; they are type="button" on purpose.
function Action({ icon: Icon, label }: { icon: typeof Lock; label: string }) {
  return (
    <Button variant="secondary">
      <Icon aria-hidden /> {label}
    </Button>
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
            <TimeZoneField />
          </div>
        </SectionCard>
        <SectionCard id="notifications" title={t("notifications")}>
          <div className="flex flex-wrap gap-6">
            <Checkbox id="settings-notify-email" defaultChecked label={t("email")} />
            <Checkbox id="settings-notify-push" label={t("push")} />
          </div>
        </SectionCard>
        <SectionCard id="account" title={t("account")}>
          <div className="flex flex-wrap gap-3">
            <Action icon={Lock} label={t("changePassword")} />
            <Action icon={ShieldCheck} label={t("enable2fa")} />
          </div>
        </SectionCard>
        <DoNotCallSection />
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
          <Button className="px-5">{t("saveChanges")}</Button>
        </div>
      </div>
    </div>
  );
}
