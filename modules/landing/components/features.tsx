import { getTranslations } from "next-intl/server";
import { IconBadge } from "@/components/ui/icon-badge";
import { landingIcon } from "./landing-icon";

// The six features the spec says the landing page advertises.
const items = [
  { key: "dialer", icon: landingIcon("skip-forward") },
  { key: "analytics", icon: landingIcon("chart-column") },
  { key: "verification", icon: landingIcon("mail-check") },
  { key: "recording", icon: landingIcon("mic") },
  { key: "security", icon: landingIcon("shield-check") },
  { key: "speed", icon: landingIcon("zap") },
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
