"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { FileDown, Table2, BarChart3 } from "lucide-react";
import { Button, Card } from "@/components/ui";
import { downloadCsv } from "@/modules/reports/components/download";
import { writeCsv, type CsvCell } from "@/modules/reports/lib/csv";

export type CsvSource = { file: string; header: string[]; rows: CsvCell[][] };

/**
 * One chart with its accessible alternative: the same figures as a table (a toggle, announced
 * with aria-pressed) and as a CSV download. The chart itself is an image with a label; the
 * table is what screen readers and keyboard users read.
 */
export function ChartCard({
  id,
  title,
  hint,
  csv,
  table,
  controls,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  csv: () => CsvSource;
  table: React.ReactNode;
  controls?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations("Analytics.charts");
  const [asTable, setAsTable] = useState(false);
  return (
    <Card
      id={id}
      title={title}
      description={hint}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {controls}
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
            data-testid={`${id}-toggle`}
          >
            {asTable ? (
              <BarChart3 aria-hidden className="size-4" />
            ) : (
              <Table2 aria-hidden className="size-4" />
            )}
            {asTable ? t("hideTable") : t("showTable")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              const { file, header, rows } = csv();
              downloadCsv(file, writeCsv({ header, rows }));
            }}
            data-testid={`${id}-csv`}
          >
            <FileDown aria-hidden className="size-4" />
            {t("download")}
          </Button>
        </div>
      }
    >
      {asTable ? table : children}
    </Card>
  );
}
