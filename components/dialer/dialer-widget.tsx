"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef } from "react";
import type { KeypadKey } from "@/lib/dialer/digits";
import { directionOf, isLocale } from "@/lib/i18n/config";
import { DialerHeader } from "./dialer-header";
import { DialerMinimisedBar } from "./dialer-minimised-bar";
import { DialerPanel } from "./dialer-panel";
import { useDialer } from "./dialer-provider";
import { useDialerKeyboard } from "./use-dialer-keyboard";
import { useTonePlayer } from "./use-tone-player";
import { useDragHandle, useWidgetPosition } from "./use-widget-position";

/** The floating dialer window; rendered once inside the /app layout. */
export function DialerWidget() {
  const t = useTranslations("Dialer");
  const locale = useLocale();
  const dir = directionOf(isLocale(locale) ? locale : "en");
  const dialer = useDialer();
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { pos, moveTo } = useWidgetPosition(rootRef, dir === "rtl");
  const drag = useDragHandle(pos, moveTo);
  const tones = useTonePlayer();
  const onKeyDown = useDialerKeyboard(dialer, inputRef, tones.play);

  const onKeypad = (key: KeypadKey) => {
    tones.play(key);
    dialer.sendDigit(key);
  };

  return (
    <section
      ref={rootRef}
      aria-label={t("title")}
      data-testid="dialer-widget"
      data-minimised={dialer.minimised}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={pos ? { left: pos.x, top: pos.y } : { left: 0, top: 0, visibility: "hidden" }}
      className="fixed z-50 outline-none"
    >
      {dialer.minimised ? (
        <DialerMinimisedBar />
      ) : (
        <div className="w-72 rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <DialerHeader
            dir={dir}
            drag={drag}
            soundsEnabled={tones.soundsEnabled}
            onSoundsChange={tones.setSoundsEnabled}
          />
          <DialerPanel inputRef={inputRef} onKeypad={onKeypad} />
        </div>
      )}
    </section>
  );
}
