"use client";

import { useTranslations } from "next-intl";
import { KEYPAD_KEYS, type KeypadKey } from "@/lib/dialer/digits";

const LETTERS: Partial<Record<KeypadKey, string>> = {
  "2": "ABC",
  "3": "DEF",
  "4": "GHI",
  "5": "JKL",
  "6": "MNO",
  "7": "PQRS",
  "8": "TUV",
  "9": "WXYZ",
  "0": "+",
};

/** The 12-key pad. It keeps the standard telephone order in right-to-left layouts too. */
export function DialerKeypad({ onPress }: { onPress: (key: KeypadKey) => void }) {
  const t = useTranslations("Dialer");
  const nameOf = (key: KeypadKey) =>
    key === "*" ? t("keyStar") : key === "#" ? t("keyHash") : key;
  return (
    <div role="group" aria-label={t("keypad")} dir="ltr" className="grid grid-cols-3 gap-2">
      {KEYPAD_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          aria-label={nameOf(key)}
          data-key={key}
          onClick={() => onPress(key)}
          className="flex h-12 flex-col items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-slate-900 transition-colors hover:bg-slate-100 active:bg-slate-200 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:active:bg-slate-600"
        >
          <span className="text-lg leading-none font-semibold">{key}</span>
          <span className="mt-0.5 h-3 text-[10px] leading-none tracking-widest text-slate-400 dark:text-slate-500">
            {LETTERS[key] ?? ""}
          </span>
        </button>
      ))}
    </div>
  );
}
