"use client";

import { useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Search } from "@/components/ui/first-load-icons";
import { canSubmitSearch, openTargetsSearch } from "@/modules/targets/lib/search-url";

/** Navbar search: prefilled from ?q, submit disabled while the trimmed text is empty. */
export function SearchBox() {
  const t = useTranslations("Shell");
  const router = useRouter();
  const q = useSearchParams().get("q") ?? "";
  const [text, setText] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  // Follow ?q when it changes under us (e.g. the targets page's own search), without an effect.
  if (q !== lastQ) {
    setLastQ(q);
    setText(q);
  }
  const enabled = canSubmitSearch(text);

  return (
    <form
      role="search"
      className="relative flex min-w-0 flex-1 items-center"
      onSubmit={(e) => {
        e.preventDefault();
        if (enabled) openTargetsSearch(router, text);
      }}
    >
      <label htmlFor="navbar-search" className="sr-only">
        {t("searchLabel")}
      </label>
      <Search aria-hidden className="pointer-events-none absolute start-3 size-4 text-fg-muted" />
      <input
        id="navbar-search"
        name="q"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("searchPlaceholder")}
        autoComplete="off"
        className="h-10 w-full min-w-0 rounded-lg border border-line-strong bg-surface ps-9 pe-24 text-sm text-fg placeholder:text-fg-muted focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/40"
      />
      <button
        type="submit"
        disabled={!enabled}
        className="absolute end-1 h-8 rounded-md bg-primary px-3 text-xs font-semibold text-primary-fg transition hover:bg-primary-hover disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted"
      >
        {t("searchSubmit")}
      </button>
    </form>
  );
}
