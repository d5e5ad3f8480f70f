"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { Loader2 } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { useSession } from "@/lib/client/session";
import { readStored, writeStored } from "@/lib/client/storage";
import { profileFormKey } from "@/modules/profile/lib/storage-keys";
import { BasicInfoSection } from "./basic-info-section";
import { PreferencesSection } from "./preferences-section";
import {
  profileThemes,
  validateProfile,
  withProfileDefaults,
  type ProfileField,
  type ProfileForm,
} from "@/modules/profile/lib/profile-form";
import { RecentActivity } from "./recent-activity";
import { SecuritySection } from "./security-section";
import { StatusChip } from "./status-chip";
import { useEmailVerification } from "@/modules/profile/hooks/use-email-verification";

const SAVE_DELAY_MS = 500;

/** /app/profile: waits for the browser session (local storage), then edits that user's local form. */
export function ProfileView() {
  const t = useTranslations("Profile");
  const session = useSession();
  if (!session.ready) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t("title")} description={t("subtitle")} />
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-10 text-sm text-fg-muted"
        >
          <Loader2 aria-hidden className="size-5 animate-spin" /> {t("msgLoadingSession")}
        </p>
      </div>
    );
  }
  const username = session.username ?? "";
  return <ProfileEditor key={username} username={username} />;
}

function ProfileEditor({ username }: { username: string }) {
  const t = useTranslations("Profile");
  const { theme, setTheme } = useTheme();
  const [form, setForm] = useState<ProfileForm>(() => {
    const activeTheme = profileThemes.find((v) => v === theme) ?? "system";
    const defaults: ProfileForm = {
      displayName: username,
      role: t("defaultRole"),
      email: "",
      summary: "",
      language: "en",
      theme: activeTheme,
    };
    // The theme itself lives with next-themes (Settings changes it too): show the active one.
    return { ...withProfileDefaults(readStored(profileFormKey), defaults), theme: activeTheme };
  });
  const [touched, setTouched] = useState<ReadonlySet<ProfileField>>(new Set());
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<ProfileForm | null>(null);

  const save = useCallback(
    (next: ProfileForm) => {
      pending.current = null;
      setSaving(false);
      if (Object.keys(validateProfile(next)).length > 0) return setMessage(t("invalidForm"));
      writeStored(profileFormKey, next);
      setMessage(null);
    },
    [t],
  );

  // Leaving the page inside the debounce window still keeps the last valid edit.
  useEffect(
    () => () => {
      clearTimeout(saveTimer.current);
      const last = pending.current;
      if (last && Object.keys(validateProfile(last)).length === 0)
        writeStored(profileFormKey, last);
    },
    [],
  );

  function update(patch: Partial<ProfileForm>) {
    const next = { ...form, ...patch };
    setForm(next);
    setTouched((prev) => new Set([...prev, ...(Object.keys(patch) as ProfileField[])]));
    if (patch.theme) setTheme(patch.theme);
    setSaving(true);
    pending.current = next;
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => save(next), SAVE_DELAY_MS);
  }

  const fillServerEmail = useCallback((email: string) => {
    setForm((prev) => (prev.email.trim() ? prev : { ...prev, email }));
  }, []);
  const verification = useEmailVerification(form.email, fillServerEmail);

  const allErrors = validateProfile(form);
  const errors = Object.fromEntries(
    Object.entries(allErrors).filter(([k]) => touched.has(k as ProfileField)),
  );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} description={t("subtitle")}>
        <StatusChip
          saving={saving}
          message={message}
          savedText={t("allSaved")}
          savingText={t("saving")}
        />
      </PageHeader>
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="grid content-start gap-5 lg:col-span-2">
          <BasicInfoSection
            form={form}
            errors={errors}
            onChange={update}
            onEmailChange={(email) => {
              update({ email });
              verification.emailEdited(email);
            }}
            verification={verification.state}
            onSendLink={() => void verification.send(form.email)}
            emailStepUp={verification.stepUp}
          />
          <SecuritySection />
        </div>
        <div className="grid content-start gap-5">
          <PreferencesSection />
          <RecentActivity />
        </div>
      </div>
    </div>
  );
}
