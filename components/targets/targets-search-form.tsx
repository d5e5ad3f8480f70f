"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Search } from "lucide-react";
import { Button, Card, Field, Input } from "@/components/ui";
import { canSubmitSearch, targetsSearchUrl } from "@/lib/targets/search-url";

/** The inline search shown when there is no ?q; it goes where the navbar search goes. */
export function TargetsSearchForm() {
  const t = useTranslations("Targets.search");
  const router = useRouter();
  const [text, setText] = useState("");
  const enabled = canSubmitSearch(text);
  return (
    <Card title={t("title")}>
      <form
        role="search"
        aria-label={t("title")}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (enabled) router.push(targetsSearchUrl(text, Date.now()));
        }}
      >
        <div className="min-w-0 flex-1">
          <Field label={t("label")} hint={t("hint")}>
            <Input
              name="q"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t("placeholder")}
              autoComplete="off"
              data-testid="targets-search-input"
            />
          </Field>
        </div>
        <Button
          type="submit"
          disabled={!enabled}
          className="sm:mb-6"
          data-testid="targets-search-submit"
        >
          <Search aria-hidden />
          {t("submit")}
        </Button>
      </form>
    </Card>
  );
}
