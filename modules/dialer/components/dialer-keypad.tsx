"use client";

import { useTranslations } from "next-intl";
import { KEYPAD_KEYS, type KeypadKey } from "@/modules/dialer/lib/digits";

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
  // Digits are named by what they show ("2"; the letters are decoration), so the spoken name
  // matches the visible label; * and # get a word, since a symbol alone is not read reliably.
  const nameOf = (key: KeypadKey) =>
    key === "*" ? t("keyStar") : key === "#" ? t("keyHash") : undefined;
  return (
    <div role="group" aria-label={t("keypad")} dir="ltr" className="grid grid-cols-3 gap-2">
      {KEYPAD_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          aria-label={nameOf(key)}
          data-key={key}
          onClick={() => onPress(key)}
          className="flex h-12 flex-col items-center justify-center rounded-lg border border-line bg-surface-muted text-fg transition-colors hover:bg-line-strong/15 active:bg-line-strong/25"
        >
          <span className="text-lg leading-none font-semibold">{key}</span>
          <span
            aria-hidden
            className="mt-0.5 h-3 text-[10px] leading-none tracking-widest text-fg-muted"
          >
            {LETTERS[key] ?? ""}
          </span>
        </button>
      ))}
    </div>
  );
}
