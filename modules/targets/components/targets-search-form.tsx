// No "use client": the inline search is server markup (the label, hint and field cost no
// JavaScript); only the form's behaviour, in TargetsSearchBox, runs in the browser.
import { getTranslations } from "next-intl/server";
import { Card, FieldFrame, controlClass, cn, fieldDescribedBy } from "@/components/ui";
import { TargetsSearchBox } from "./targets-search-box";

const inputId = "targets-search-q";

/** The inline search shown when there is no ?q; it goes where the navbar search goes. */
export async function TargetsSearchForm() {
  const t = await getTranslations("Targets.search");
  const hint = t("hint");
  return (
    <Card title={t("title")}>
      <TargetsSearchBox label={t("title")} submit={t("submit")}>
        <div className="min-w-0 flex-1">
          <FieldFrame id={inputId} label={t("label")} hint={hint}>
            <input
              id={inputId}
              aria-describedby={fieldDescribedBy(inputId, { hint })}
              name="q"
              type="search"
              placeholder={t("placeholder")}
              autoComplete="off"
              className={cn(controlClass, "h-10")}
              data-testid="targets-search-input"
            />
          </FieldFrame>
        </div>
      </TargetsSearchBox>
    </Card>
  );
}
