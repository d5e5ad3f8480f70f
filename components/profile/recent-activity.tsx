"use client";

import { useTranslations } from "next-intl";
import { CalendarCheck, LogIn, PhoneOutgoing, UserPen } from "lucide-react";
import { IconBadge, SectionCard } from "@/components/ui";

// Spec: static sample lines.
const items = [
  { key: "activity_profile", icon: UserPen },
  { key: "activity_calls", icon: PhoneOutgoing },
  { key: "activity_appointment", icon: CalendarCheck },
  { key: "activity_login", icon: LogIn },
] as const;

export function RecentActivity() {
  const t = useTranslations("Profile");
  return (
    <SectionCard id="profile-activity" title={t("recentActivity")}>
      <ul className="grid gap-3">
        {items.map(({ key, icon }) => (
          <li key={key} className="flex items-start gap-3">
            <IconBadge icon={icon} tone="neutral" size="sm" className="rounded-full" />
            <div className="min-w-0">
              <p className="text-sm text-fg">{t(key)}</p>
              <p className="text-xs text-fg-muted">{t(`${key}_time`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
