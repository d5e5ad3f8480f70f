import { getTranslations } from "next-intl/server";
import { Button, Checkbox, PageHeader, SectionCard } from "@/components/ui";
import { ChangePasswordDialog } from "@/components/account-security/change-password-dialog";
import { TwoFactorDialog } from "@/components/account-security/two-factor-dialog";
import { DataPrivacyActions } from "@/components/account-security/data-privacy-actions";
import { DoNotCallSection } from "@/modules/do-not-call/components/do-not-call-section";
import { ApiKeysDialog } from "@/components/integrations/api-keys-dialog";
import { WebhooksDialog } from "@/components/integrations/webhooks-dialog";
import { TeamRecordingSection } from "@/components/recordings/team-recording-section";
import { VoicemailSection } from "@/components/voicemail/voicemail-section";
import { InviteDialog } from "@/components/team/invite-dialog";
import { TeamDialog } from "@/components/team/team-dialog";
import { TeamCallerIdsDialog } from "@/components/team/team-caller-ids-dialog";
import { can, type MemberRole } from "@/lib/auth/permissions";
import { AppearanceFields } from "./appearance-fields";
import { TimeZoneField } from "./time-zone-field";
import { ShortcutsField } from "./shortcuts-field";

export async function SettingsView({ role }: { role: MemberRole; userId: string }) {
  const t = await getTranslations("Settings");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")} description={t("subtitle")} />
      <div className="grid grid-cols-1 gap-5">
        <SectionCard id="general" title={t("general")}>
          <div className="grid gap-5">
            <AppearanceFields />
            <TimeZoneField />
          </div>
        </SectionCard>
        <SectionCard id="keyboard" title={t("keyboard")}>
          <ShortcutsField />
        </SectionCard>
        {can(role, "voicemail.own") ? <VoicemailSection /> : null}
        {can(role, "organization.recording") ? <TeamRecordingSection /> : null}
        <SectionCard id="notifications" title={t("notifications")}>
          <div className="flex flex-wrap gap-6">
            <Checkbox id="settings-notify-email" defaultChecked label={t("email")} />
            <Checkbox id="settings-notify-push" label={t("push")} />
          </div>
        </SectionCard>
        <SectionCard id="account" title={t("account")}>
          <div className="flex flex-wrap gap-3">
            <ChangePasswordDialog />
            <TwoFactorDialog />
          </div>
        </SectionCard>
        <DoNotCallSection
          manage={{
            import: can(role, "doNotCall.import"),
            export: can(role, "doNotCall.export"),
            remove: can(role, "doNotCall.remove"),
          }}
        />
        <SectionCard id="data" title={t("dataPrivacy")}>
          <DataPrivacyActions />
        </SectionCard>
        <SectionCard id="workspace" title={t("workspace")}>
          <div className="flex flex-wrap gap-3">
            {can(role, "team.manage") ? <InviteDialog /> : null}
            <TeamDialog manage={can(role, "team.manage")} />
            {can(role, "organization.callerIds") ? <TeamCallerIdsDialog /> : null}
          </div>
        </SectionCard>
        {/* Integrations (issue 33): a manager's; a rep's Settings has no Advanced section. */}
        {can(role, "integrations.manage") ? (
          <SectionCard id="advanced" title={t("advanced")}>
            <div className="flex flex-wrap gap-3">
              <ApiKeysDialog />
              <WebhooksDialog />
            </div>
          </SectionCard>
        ) : null}
        <div className="flex justify-end">
          <Button className="px-5">{t("saveChanges")}</Button>
        </div>
      </div>
    </div>
  );
}
