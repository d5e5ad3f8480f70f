"use client";

import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Check } from "lucide-react";
import { Button, Field, Input, cn } from "@/components/ui";
import { DISPOSITIONS, DISPOSITION_FLAGS, dispositionKey } from "@/modules/calls/lib/dispositions";
import {
  checkDispositionDraft,
  decidePromptKey,
  emptyDispositionDraft,
  NOTE_MAX,
  type DispositionDraft,
  type DraftError,
  type DraftField,
} from "@/modules/calls/client/disposition-form";
import type { DispositionAnswer } from "@/modules/calls/client/record-body";
import { singleKeyShortcutsKey, useStoredValue } from "@/lib/client/storage";

/**
 * The outcome of one call: nine outcomes (keys 1-9, or a click), an optional note, the amount of
 * a sale and the time of a callback; Save or Skip (Escape). Used by the dialer right after a
 * call and by the Call Log for a call left without one. Its keys are handled here and marked
 * handled, so the dialer around it never turns them into digits.
 */
export function DispositionForm({
  summary,
  onSave,
  onSkip,
  autoFocus = false,
  compact = false,
  busy = false,
  serverError,
  suggested = null,
  initialNote = "",
}: {
  summary?: React.ReactNode;
  onSave: (answer: DispositionAnswer) => void;
  onSkip: () => void;
  /** Focus the first outcome on mount (the dialer decides whether it may take focus). */
  autoFocus?: boolean;
  /** The dialer's narrow window: smaller type and gaps. */
  compact?: boolean;
  busy?: boolean;
  serverError?: string | null;
  /** The outcome the line makes obvious (Busy, No answer...), pre-selected for the rep to confirm. */
  suggested?: DispositionDraft["disposition"];
  /** The note already saved with the call (correcting an outcome keeps it unless edited). */
  initialNote?: string;
}) {
  const t = useTranslations("Calls");
  const locale = useLocale();
  const [draft, setDraft] = useState<DispositionDraft>(() => ({
    ...emptyDispositionDraft,
    disposition: suggested,
    note: initialNote,
  }));
  const [error, setError] = useState<{ field: DraftField; error: DraftError } | null>(null);
  const titleId = useId();
  const hintId = useId();
  const choicesRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const callbackRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const asks = draft.disposition ? DISPOSITION_FLAGS[draft.disposition].asks : undefined;
  const [shortcuts] = useStoredValue(singleKeyShortcutsKey);

  useEffect(() => {
    if (autoFocus) choicesRef.current?.querySelector("button")?.focus();
  }, [autoFocus]);

  // The next thing to fill in after an outcome is chosen: the amount, the time, or nothing (Save,
  // so Enter saves). It moves in the commit of the choice, before the browser handles the next
  // key: a focus moved a frame later (requestAnimationFrame) came after keys the rep had already
  // typed, and took the focus back from the field they had clicked or tabbed into meanwhile.
  const focusAfterChoice = useRef<"amount" | "time" | "save" | null>(null);
  useLayoutEffect(() => {
    const next = focusAfterChoice.current;
    if (!next) return;
    focusAfterChoice.current = null;
    (next === "amount"
      ? amountRef.current
      : next === "time"
        ? callbackRef.current
        : saveRef.current
    )?.focus();
  });

  const choose = (disposition: DispositionDraft["disposition"]) => {
    // A new draft object, so the form always renders (and the effect above runs) again.
    setDraft((d) => ({ ...d, disposition }));
    setError(null);
    focusAfterChoice.current = (disposition && DISPOSITION_FLAGS[disposition].asks) || "save";
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkDispositionDraft(draft, locale);
    if (!checked.ok) {
      setError({ field: checked.field, error: checked.error });
      if (checked.field === "disposition") choicesRef.current?.querySelector("button")?.focus();
      return;
    }
    onSave(checked.answer);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLFormElement>) => {
    // Ctrl+Enter (Cmd+Enter) saves from anywhere in the form, the note included.
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      e.currentTarget.requestSubmit();
      return;
    }
    const target = e.target as HTMLElement;
    const decision = decidePromptKey({
      key: e.key,
      modifier: e.ctrlKey || e.metaKey || e.altKey,
      inField: target.closest("input, textarea, select") !== null,
      alreadyHandled: e.defaultPrevented,
    });
    if (decision.run === "none") return;
    e.preventDefault();
    // The outcome keys are single-key shortcuts the rep may turn off (WCAG 2.1.4); the key is
    // still kept from the dialer around the form, which would dial it.
    if (decision.run === "choose" && shortcuts) choose(decision.disposition);
    else if (decision.run === "skip") onSkip();
  };

  const fieldError = (field: DraftField) =>
    error?.field === field ? t(`prompt.errors.${error.error}`) : undefined;

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      data-testid="disposition-form"
      // One column that may shrink: a long business name in the summary truncates instead of
      // widening the form past the dialer.
      className={cn("grid grid-cols-1", compact ? "gap-2" : "gap-4")}
    >
      <div>
        <h2 id={titleId} className={cn("font-semibold text-fg", compact ? "text-sm" : "text-base")}>
          {t("prompt.title")}
        </h2>
        {summary ? <p className="truncate text-xs text-fg-muted">{summary}</p> : null}
        {/* Keys and Esc mean nothing on a touch screen: the hint shows where there is a mouse
            or trackpad (a fine pointer), not on a phone. */}
        <p
          id={hintId}
          className="text-xs text-fg-muted pointer-coarse:hidden"
          data-testid="disposition-key-hint"
        >
          {shortcuts ? t("prompt.keyHint") : t("prompt.keyHintOff")}
        </p>
      </div>
      <div
        ref={choicesRef}
        role="group"
        aria-label={t("prompt.choices")}
        aria-describedby={error?.field === "disposition" ? `${titleId}-err` : undefined}
        // Two columns in the narrow dialer, so that "Interested" or "Voicemail" never breaks
        // mid-word; three in a dialog.
        className={cn("grid gap-1.5", compact ? "grid-cols-2" : "grid-cols-3")}
      >
        {DISPOSITIONS.map((d) => {
          const key = dispositionKey(d);
          const pressed = draft.disposition === d;
          return (
            <button
              key={d}
              type="button"
              aria-pressed={pressed}
              aria-keyshortcuts={shortcuts ? String(key) : undefined}
              data-disposition={d}
              onClick={() => choose(d)}
              className={cn(
                "flex min-h-9 min-w-0 items-center gap-1.5 rounded-md border px-1.5 py-1 text-start text-xs font-medium",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus",
                pressed
                  ? "border-primary bg-primary-soft text-primary-soft-fg"
                  : "border-line-strong/60 bg-surface text-fg hover:bg-surface-muted",
              )}
            >
              <kbd
                aria-hidden
                className={cn(
                  "grid size-5 shrink-0 place-items-center rounded border font-mono text-[0.7rem]",
                  pressed ? "border-primary" : "border-line-strong/60 text-fg-muted",
                )}
              >
                {pressed ? <Check className="size-3" /> : key}
              </kbd>
              <span className="min-w-0 break-words leading-tight">{t(`dispositions.${d}`)}</span>
            </button>
          );
        })}
      </div>
      {error?.field === "disposition" ? (
        <p id={`${titleId}-err`} role="alert" className="text-xs text-danger-text">
          {fieldError("disposition")}
        </p>
      ) : null}
      {asks === "amount" ? (
        <Field label={t("prompt.amount")} error={fieldError("amount")} required="*">
          <Input
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            placeholder={t("prompt.amountPlaceholder")}
            value={draft.amount}
            onChange={(e) => setDraft((d) => ({ ...d, amount: e.target.value }))}
            className="h-9"
            data-testid="disposition-amount"
          />
        </Field>
      ) : null}
      {asks === "time" ? (
        <Field label={t("prompt.callbackAt")} error={fieldError("callbackAt")} required="*">
          <Input
            ref={callbackRef}
            type="datetime-local"
            value={draft.callbackAt}
            onChange={(e) => setDraft((d) => ({ ...d, callbackAt: e.target.value }))}
            className="h-9"
            data-testid="disposition-callback"
          />
        </Field>
      ) : null}
      <Field
        label={t("prompt.note")}
        error={fieldError("note")}
        className={compact ? "gap-1" : undefined}
      >
        <Input
          autoComplete="off"
          maxLength={NOTE_MAX}
          placeholder={t("prompt.notePlaceholder")}
          value={draft.note}
          onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
          className="h-9"
          data-testid="disposition-note"
        />
      </Field>
      {serverError ? (
        <p role="alert" className="text-sm text-danger-text">
          {serverError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onSkip}>
          {t("prompt.skip")}
        </Button>
        <Button
          ref={saveRef}
          type="submit"
          size="sm"
          disabled={busy}
          data-testid="disposition-save"
        >
          {t("prompt.save")}
        </Button>
      </div>
    </form>
  );
}
