"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Point, Size } from "@/modules/dialer/lib/position";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import { directionOf, isLocale } from "@/lib/i18n/config";
import { useRecordToggle } from "@/modules/dialer/hooks/use-record-toggle";
import { useVoicemailDrop } from "@/modules/dialer/hooks/use-voicemail-drop";
import { useMachineDetection } from "@/modules/dialer/hooks/use-machine-detection";
import { DialerHeader } from "@/modules/dialer/components/dialer-header";
import { DialerMinimisedBar } from "@/modules/dialer/components/dialer-minimised-bar";
import { DialerPanel } from "@/modules/dialer/components/dialer-panel";
import { IncomingCall } from "@/modules/dialer/components/incoming-call";
import { isTextEntry } from "@/lib/ui/text-entry";
import {
  readStored,
  singleKeyShortcutsKey,
  useStoredValue,
  writeStored,
} from "@/lib/client/storage";
import { dialerDockedKey, dialerMinimisedKey } from "@/modules/dialer/lib/storage-keys";
import { DOCK_MEDIA } from "@/lib/shell/dialer-dock-cookie";
import { useMediaQuery } from "@/modules/dialer/hooks/use-media-query";
import { COMPACT_DIALER_MEDIA } from "@/modules/dialer/components/dialer-in-call-bar";
import { useCallDisposition, useDialer } from "@/modules/dialer/components/dialer-provider";
import { createDialerKeyHandler } from "@/modules/dialer/components/dialer-key-handler";
import { useTonePlayer } from "@/modules/dialer/hooks/use-tone-player";
import { useBesidePanelWidth } from "@/components/ui/beside-panel";
import { clearOfPanel } from "@/modules/dialer/lib/position";
import {
  sizeOf,
  useDragHandle,
  useWidgetPosition,
  viewport,
} from "@/modules/dialer/hooks/use-widget-position";

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
  // On wide screens the window docks in the column the layout keeps for it (DialerDockColumn)
  // unless the rep undocked it; undocked, it floats and drags as before.
  const [docked, setDocked] = useStoredValue(dialerDockedKey);
  const wide = useMediaQuery(DOCK_MEDIA);
  const dockedNow = docked && wide && !dialer.minimised;
  // Phones: the open window is a sheet along the bottom edge (during a call, the compact bar),
  // the minimised one a bar in the bottom corner; neither is dragged over the page.
  const phone = useMediaQuery(COMPACT_DIALER_MEDIA);
  const toggleDock = () => {
    const el = rootRef.current;
    // Undocked where it stands, so it can be dragged from there.
    if (dockedNow && el) {
      const rect = el.getBoundingClientRect();
      moveTo({ x: rect.left, y: rect.top }, true);
    }
    setDocked(!dockedNow);
  };
  // A drawer open beside the work (the business the rep is on) is never covered: the floating
  // window shows beside it while it is open, and goes back to its place when it closes.
  const panel = useBesidePanelWidth();
  const [shown, setShown] = useState(pos);
  useLayoutEffect(() => {
    const el = rootRef.current;
    setShown(
      pos && el && panel > 0 && !dialer.minimised
        ? clearOfPanel(pos, sizeOf(el), viewport(), panel, dir === "rtl")
        : pos,
    );
  }, [pos, panel, dir, dialer.minimised]);
  const tones = useTonePlayer();
  const { pending } = useCallDisposition();
  const { setMinimised, isActive, muted, setMuted } = dialer;
  // A finished call asks for its outcome, a ringing one for an answer: a minimised dialer opens.
  const ringing = dialer.incoming !== null;
  useEffect(() => {
    if (pending || ringing) setMinimised(false);
  }, [pending, ringing, setMinimised]);
  // M mutes and unmutes a call from anywhere on the page, R starts and stops its recording, V
  // drops the voicemail message (on a connected real call), P says a person answered while the
  // answering-machine detector listens, except while typing in a field.
  const [, toggleRecording] = useRecordToggle();
  const { drop: dropVoicemail, available: canDrop } = useVoicemailDrop();
  const { override: personAnswered, canOverride } = useMachineDetection();
  useEffect(() => {
    if (!isActive) return;
    const onKey = (e: KeyboardEvent) => {
      const key = e.key.toLowerCase();
      if (key !== "m" && key !== "r" && key !== "v" && key !== "p") return;
      if (key === "v" && !canDrop) return;
      if (key === "p" && !canOverride) return;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      // Single-key shortcuts can be turned off in Settings (WCAG 2.1.4).
      if (!readStored(singleKeyShortcutsKey)) return;
      const target = e.target as Element | null;
      if (target && isTextEntry(target) && !(target as HTMLInputElement).readOnly) return;
      e.preventDefault();
      if (key === "r") toggleRecording();
      else if (key === "v") dropVoicemail();
      else if (key === "p") personAnswered();
      else setMuted(!muted);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [
    isActive,
    muted,
    setMuted,
    toggleRecording,
    dropVoicemail,
    canDrop,
    personAnswered,
    canOverride,
  ]);
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) =>
    createDialerKeyHandler(dialer, () => inputRef.current, tones.play)(e);

  // While minimised, the widget keeps the window's footprint (click-through) and shows the bar
  // in its bottom corner, so the bar stays where the window was and expanding puts it back.
  const [frame, setFrame] = useState<Size | null>(null);
  // Set only by the rep's own minimise, and only if focus was in the window (see DialerMinimisedBar).
  const [barTakesFocus, setBarTakesFocus] = useState(false);
  const minimise = () => {
    setFrame(rootRef.current ? sizeOf(rootRef.current) : null);
    setBarTakesFocus(rootRef.current?.contains(document.activeElement) ?? false);
    dialer.setMinimised(true);
    writeStored(dialerMinimisedKey, true);
  };
  const expand = () => {
    dialer.setMinimised(false);
    writeStored(dialerMinimisedKey, false);
    // Give focus back to the window the user asked for, once it has rendered.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onKeypad = (key: KeypadKey) => {
    tones.play(key);
    dialer.sendDigit(key);
  };

  const place = placeOf({ docked: dockedNow, phone, minimised: dialer.minimised, frame, shown });
  // Focus can only land in a window that is drawn: a prompt restored on load waits for this.
  const placed = place.visibility !== "hidden";

  return (
    <section
      ref={rootRef}
      aria-label={t("title")}
      data-testid="dialer-widget"
      data-dialer-root=""
      data-minimised={dialer.minimised}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-docked={dockedNow}
      style={place}
      className={`fixed z-50 outline-none ${dialer.minimised ? "pointer-events-none flex items-end justify-end" : ""}`}
    >
      {dialer.minimised ? (
        <div className="pointer-events-auto">
          <DialerMinimisedBar onExpand={expand} takeFocus={barTakesFocus} />
        </div>
      ) : (
        <div className="w-80 max-w-[calc(100vw-1rem)] max-sm:w-full rounded-xl border border-line bg-surface text-fg shadow-2xl">
          <DialerHeader
            dir={dir}
            drag={drag}
            soundsEnabled={tones.soundsEnabled}
            onSoundsChange={tones.setSoundsEnabled}
            onMinimise={minimise}
            dock={wide ? { docked: dockedNow, toggle: toggleDock } : null}
          />
          <IncomingCall />
          <DialerPanel inputRef={inputRef} onKeypad={onKeypad} placed={placed} />
        </div>
      )}
    </section>
  );
}

/**
 * Where the window is drawn: docked in the column kept for it (below the top bar); on a phone a
 * sheet along the bottom edge, or the minimised bar in the bottom corner; elsewhere where it was
 * placed (kept clear of an open drawer), hidden until measured. Minimised, it keeps the window's
 * footprint so the bar stays where the window was.
 */
function placeOf({
  docked,
  phone,
  minimised,
  frame,
  shown,
}: {
  docked: boolean;
  phone: boolean;
  minimised: boolean;
  frame: Size | null;
  shown: Point | null;
}): React.CSSProperties {
  if (docked) return { top: 72, insetInlineEnd: 16 };
  if (phone && !minimised) return { bottom: 8, insetInlineStart: 8, insetInlineEnd: 8 };
  if (minimised && (!frame || phone)) return { bottom: 16, insetInlineEnd: 16 };
  return {
    ...(shown ? { left: shown.x, top: shown.y } : { left: 0, top: 0, visibility: "hidden" }),
    ...(minimised && frame ? { width: frame.width, height: frame.height } : {}),
  };
}
