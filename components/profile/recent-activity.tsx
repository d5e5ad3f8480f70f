"use client";

import { useTranslations } from "next-intl";
import { CalendarCheck, LogIn, PhoneOutgoing, UserPen } from "lucide-react";
import { SectionCard } from "@/components/ui/section-card";

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
        {items.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3">
            <span
              aria-hidden
              className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-slate-800 dark:text-slate-100">{t(key)}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t(`${key}_time`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
