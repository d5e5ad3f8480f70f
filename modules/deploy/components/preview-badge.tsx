import { getTranslations } from "next-intl/server";
import { FlaskConical } from "lucide-react";
import { Badge } from "@/components/ui";

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
