"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button, Checkbox } from "@/components/ui";
import { toast } from "@/components/ui/toaster";
import { useStoredValue } from "@/lib/client/storage";
import { callbackPushKey } from "@/modules/callbacks/client/push-pref";
import { useNotificationPermission } from "@/modules/callbacks/components/use-notification-permission";

/**
 * Settings → Notifications: Push (a browser notification when a callback comes due while
 * DialFlow is in another tab). The box shows what is saved; Save Changes saves what it shows,
 * asking the browser for permission first when Push is turned on.
 */
export function NotificationFields() {
  const t = useTranslations("Settings");
  const [saved, save] = useStoredValue(callbackPushKey);
  const { permission, request } = useNotificationPermission();
  const effective = saved && permission === "granted";
  const [draft, setDraft] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = draft ?? effective;

  const onSave = async () => {
    setProblem(null);
    let push = shown;
    if (push && permission !== "granted") {
      if (permission === "unsupported") {
        setProblem(t("pushUnsupported"));
        push = false;
      } else {
        await request();
        if (Notification.permission !== "granted") {
          setProblem(t("pushBlocked"));
          push = false;
        }
      }
    }
    const written = save(push);
    setDraft(null);
    if (!written.ok) return void toast.error(t("saveFailed"));
    if (push === shown) toast.success(t("saved"));
  };

  return (
    <div className="grid gap-4">
      <Checkbox
        id="settings-notify-push"
        checked={shown}
        onCheckedChange={(value) => setDraft(value === true)}
        label={t("push")}
        description={t("pushHint")}
      />
      {problem ? (
        <p role="alert" className="text-sm text-danger-text">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button className="px-5" onClick={() => void onSave()} data-testid="settings-save">
          {t("saveChanges")}
        </Button>
      </div>
    </div>
  );
}
