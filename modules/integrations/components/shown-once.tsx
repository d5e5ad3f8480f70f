"use client";

import { useTranslations } from "next-intl";
import { Copy } from "lucide-react";
import { Button, toast } from "@/components/ui";

/**
 * A secret the server returns once (an API key, a webhook signing secret): shown with a copy
 * button until the manager says Done; nothing keeps it after that.
 */
export function ShownOnce({
  secret,
  title,
  hint,
  testId,
  onDone,
}: {
  secret: string;
  title: string;
  hint: string;
  testId: string;
  onDone: () => void;
}) {
  const t = useTranslations("Integrations");
  return (
    <div
      className="grid gap-3 rounded-xl border border-primary/40 bg-surface-muted p-4"
      role="region"
      aria-label={title}
    >
      <p className="text-sm font-semibold text-fg">{title}</p>
      <p className="text-sm text-fg-muted">{hint}</p>
      <code
        dir="ltr"
        className="block overflow-x-auto rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm text-fg"
        data-testid={`${testId}-secret`}
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          data-testid={`${testId}-copy`}
          onClick={() =>
            navigator.clipboard
              .writeText(secret)
              .then(() => toast.success(t("copied")))
              .catch(() => toast.error(t("copyFailed")))
          }
        >
          <Copy aria-hidden /> {t("copy")}
        </Button>
        <Button onClick={onDone} data-testid={`${testId}-done`}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}
