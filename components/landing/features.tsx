import { getTranslations } from "next-intl/server";
import { BarChart3, MailCheck, Mic, ShieldCheck, SkipForward, Zap } from "lucide-react";
import { IconBadge } from "@/components/ui/icon-badge";

// The six features the spec says the landing page advertises.
const items = [
  { key: "dialer", icon: SkipForward },
  { key: "analytics", icon: BarChart3 },
  { key: "verification", icon: MailCheck },
  { key: "recording", icon: Mic },
  { key: "security", icon: ShieldCheck },
  { key: "speed", icon: Zap },
] as const;

export async function Features() {
  const t = await getTranslations("Landing.features");
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6"
    >
      <div className="max-w-2xl">
        <p className="landing-eyebrow">{t("eyebrow")}</p>
        <h2 id="features-heading" className="landing-h2 mt-2">
          {t("title")}
        </h2>
        <p className="landing-lead mt-3">{t("subtitle")}</p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(({ key, icon: Icon }) => (
          <li key={key} className="landing-card">
            <IconBadge
              icon={Icon}
              className="size-11 rounded-xl"
              iconClassName={key === "dialer" ? "rtl:-scale-x-100" : undefined}
            />
            <h3 className="landing-title mt-4">{t(`${key}.title`)}</h3>
            <p className="landing-body mt-2">{t(`${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
