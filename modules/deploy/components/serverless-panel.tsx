"use client";

import { useTranslations } from "next-intl";
import { Cloud } from "lucide-react";
import { Card } from "@/components/ui";

const items = ["services", "logs", "disk", "buildDeploy", "backup"] as const;

/**
 * In place of the console panels that need a machine of our own (systemctl, local log files,
 * disk, build & deploy, backups to disk): what the operator uses instead on a serverless platform.
 */
export function ServerlessPanel() {
  const t = useTranslations("Deploy.serverless");
  return (
    <Card id="panel-serverless" title={t("title")} className="flex min-w-0 flex-col">
      <div className="flex gap-3" data-testid="serverless-panel">
        <Cloud aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0 text-sm text-fg">
          <p>{t("intro")}</p>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-fg-muted">
            {items.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
