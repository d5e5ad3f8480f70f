import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui";
import { svgIcon } from "@/components/ui/svg-icon";

// Drawn as plain SVG (lucide's shape): a lucide-react icon in this server component, part of every
// /app page's layout, made lucide's runtime a client reference in every page's first load.
const FlaskConical = svgIcon("flask-conical", [
  [
    "path",
    {
      d: "M14 2v6a2 2 0 0 0 .245.96l5.51 10.08A2 2 0 0 1 18 22H6a2 2 0 0 1-1.755-2.96l5.51-10.08A2 2 0 0 0 10 8V2",
    },
  ],
  ["path", { d: "M6.453 15h11.094" }],
  ["path", { d: "M8.5 2h7" }],
]);

/**
 * "Preview" beside the brand on a pull request's preview deployment, so nobody mistakes it for
 * production. Rendered on the server (the deployment kind is server configuration).
 */
export async function PreviewBadge() {
  const t = await getTranslations("Deploy");
  return (
    <Badge
      tone="warning"
      title={t("previewBadgeHint")}
      data-testid="preview-badge"
      className="shrink-0 uppercase tracking-wide"
    >
      <FlaskConical aria-hidden /> {t("previewBadge")}
      <span className="sr-only">: {t("previewBadgeHint")}</span>
    </Badge>
  );
}
