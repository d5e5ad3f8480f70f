"use client";

import { Delete, Phone, PhoneOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { KeypadKey } from "@/lib/dialer/digits";
import { DialerKeypad } from "./dialer-keypad";
import { DialerStatus } from "./dialer-status";
import { IconButton } from "./icon-button";
import { useDialer } from "./dialer-provider";

/** Status, number field, keypad and the Call / End buttons. */
export function DialerPanel({
  inputRef,
  onKeypad,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  onKeypad: (key: KeypadKey) => void;
}) {
  const t = useTranslations("Dialer");
  const { number, status, isActive, canCall, canEnd, setNumber, dial, hangUp } = useDialer();
  const inputId = useId();
  return (
    <div className="space-y-3 p-3">
      <DialerStatus status={status} />
      <div className="flex items-center gap-1">
        <label htmlFor={inputId} className="sr-only">
          {t("numberLabel")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
          value={number}
          readOnly={isActive}
          placeholder={t("numberPlaceholder")}
          onChange={(e) => setNumber(e.target.value)}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-center font-mono text-lg tracking-wider text-slate-900 placeholder:font-sans placeholder:text-sm placeholder:tracking-normal read-only:bg-slate-100 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:read-only:bg-slate-800"
        />
        <IconButton
          label={t("backspace")}
          disabled={isActive || !number}
          onClick={() => setNumber(number.slice(0, -1))}
        >
          <Delete className="size-4" aria-hidden />
        </IconButton>
      </div>
      <DialerKeypad onPress={onKeypad} />
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          disabled={!canCall}
          onClick={() => dial()}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-600 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-emerald-600"
        >
          <Phone className="size-4" aria-hidden />
          {t("call")}
        </button>
        <button
          type="button"
          disabled={!canEnd}
          onClick={hangUp}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-red-600"
        >
          <PhoneOff className="size-4" aria-hidden />
          {t("end")}
        </button>
      </div>
    </div>
  );
}
