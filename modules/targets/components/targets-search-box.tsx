"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Search } from "@/components/ui/first-load-icons";
import { Button } from "@/components/ui";
import { canSubmitSearch, openTargetsSearch } from "@/modules/targets/lib/search-url";

/** The text of the form's `q` field. */
function queryOf(form: HTMLFormElement): string {
  const field = form.elements.namedItem("q");
  return field instanceof HTMLInputElement ? field.value : "";
}

/**
 * The inline search form's behaviour around its server-rendered field (`children`, an input named
 * `q`): Search is enabled for non-blank text and opens the search the navbar's search opens.
 */
export function TargetsSearchBox({
  label,
  submit,
  children,
}: {
  label: string;
  submit: string;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [enabled, setEnabled] = useState(false);
  // Text typed before the page hydrated counts too.
  useEffect(() => {
    if (formRef.current) setEnabled(canSubmitSearch(queryOf(formRef.current)));
  }, []);
  return (
    <form
      ref={formRef}
      role="search"
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onInput={(e) => setEnabled(canSubmitSearch(queryOf(e.currentTarget)))}
      onSubmit={(e) => {
        e.preventDefault();
        const text = queryOf(e.currentTarget);
        if (canSubmitSearch(text)) openTargetsSearch(router, text);
      }}
    >
      {children}
      <Button
        type="submit"
        disabled={!enabled}
        className="sm:mb-6"
        data-testid="targets-search-submit"
      >
        <Search aria-hidden />
        {submit}
      </Button>
    </form>
  );
}
