import { getTranslations } from "next-intl/server";
import { PageHeader, SectionCard } from "@/components/ui";
import { ChangePasswordDialog } from "@/modules/account-security/components/change-password-dialog";
import { TwoFactorDialog } from "@/modules/account-security/components/two-factor-dialog";
import { DataPrivacyActions } from "@/modules/account-security/components/data-privacy-actions";
import { DoNotCallSection } from "@/modules/do-not-call/components/do-not-call-section";
import { MonitoringPolicySection } from "@/modules/floor/components/monitoring-policy-section";
import { ApiKeysDialog } from "@/modules/integrations/components/api-keys-dialog";
import { WebhooksDialog } from "@/modules/integrations/components/webhooks-dialog";
import { ParallelDialingRulesSection } from "@/modules/power-dial/components/parallel-dialing-rules-section";
import { TeamRecordingSection } from "@/modules/recordings/components/team-recording-section";
import { VoicemailSection } from "@/modules/voicemail/components/voicemail-section";
import { InviteDialog } from "@/modules/team/components/invite-dialog";
import { TeamDialog } from "@/modules/team/components/team-dialog";
import { TeamCallerIdsDialog } from "@/modules/team/components/team-caller-ids-dialog";
import { can, type MemberRole } from "@/lib/auth/permissions";
import { AppearanceFields } from "./appearance-fields";
import { TimeZoneField } from "./time-zone-field";
import { NotificationFields } from "./notification-fields";
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
        {can(role, "organization.dialing") ? <ParallelDialingRulesSection /> : null}
        {can(role, "dialing.use") ? (
          <MonitoringPolicySection manage={can(role, "team.monitor")} />
        ) : null}
        <SectionCard id="notifications" title={t("notifications")}>
          <NotificationFields />
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
            notes: can(role, "doNotCall.notes"),
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
        {/* Integrations: a manager's; a rep's Settings has no Advanced section. */}
        {can(role, "integrations.manage") ? (
          <SectionCard id="advanced" title={t("advanced")}>
            <div className="flex flex-wrap gap-3">
              <ApiKeysDialog />
              <WebhooksDialog />
            </div>
          </SectionCard>
        ) : null}
      </div>
    </div>
  );
}
