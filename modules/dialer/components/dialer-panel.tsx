"use client";

import { Delete, Mic, MicOff, Pause, Phone, PhoneOff, Play } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import { Button, IconButton } from "@/components/ui";
import { CallQuality, CallQualityWarning } from "@/modules/dialer/components/call-quality";
import { DialerDisposition } from "@/modules/dialer/components/dialer-disposition";
import { DialerKeypad } from "@/modules/dialer/components/dialer-keypad";
import { DialerStatus } from "@/modules/dialer/components/dialer-status";
import {
  useCallDisposition,
  useDialer,
  useLastBusiness,
} from "@/modules/dialer/components/dialer-provider";
import { VoicemailDropButton } from "@/modules/dialer/components/voicemail-drop-button";
import { MachineDetectionStatus } from "@/modules/dialer/components/machine-detection-status";
import {
  COMPACT_DIALER_MEDIA,
  DialerInCallBar,
  KeypadToggle,
} from "@/modules/dialer/components/dialer-in-call-bar";
import { useMediaQuery } from "@/modules/dialer/hooks/use-media-query";
import { displayPhone } from "@/lib/format/phone";
import { clientComponent } from "@/components/ui/client-component";

// A warm transfer's panel (and the team list it reads) is needed only during one.
const ConsultPanel = clientComponent(() =>
  import("@/modules/dialer/components/consult-panel").then((m) => m.ConsultPanel),
);

/**
 * Status, number field, keypad and the Call / End buttons. After a call the keypad gives way to
 * the disposition prompt until the rep answers or skips (dialing again skips it too).
 */
export function DialerPanel({
  inputRef,
  onKeypad,
  placed,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  onKeypad: (key: KeypadKey) => void;
  /** The window is drawn (not hidden while it is first measured): focus can move into it. */
  placed: boolean;
}) {
  const t = useTranslations("Dialer");
  const dialer = useDialer();
  const { number, status, isActive, canCall, canEnd, setNumber, dial, hangUp } = dialer;
  const inCall = status === "in-call";
  const inputId = useId();
  const { pending } = useCallDisposition();
  const business = useLastBusiness();
  // On a phone a call shows the compact bar; the keypad opens on request, for that call only.
  const phone = useMediaQuery(COMPACT_DIALER_MEDIA);
  const [keypadShown, setKeypadShown] = useState(false);
  // The number reads as everywhere else in the app, (512) 555-0100, except while the rep edits
  // it: from the first keystroke until the field loses focus it holds exactly what was typed, so
  // the caret never jumps. Focus alone changes nothing: text selected on focus (Tab, a
  // select-all) stays selected, and typing replaces it.
  const [editing, setEditing] = useState(false);
  if (!isActive && keypadShown) setKeypadShown(false);
  if (phone && isActive && !pending && !keypadShown) {
    return <DialerInCallBar onShowKeypad={() => setKeypadShown(true)} />;
  }
  return (
    <div className="space-y-3 p-3">
      <div className="flex items-center justify-between gap-2">
        <DialerStatus
          status={status}
          phase={dialer.phase}
          outcome={dialer.outcome}
          held={dialer.held}
        />
        {dialer.real ? <CallQuality reading={inCall ? dialer.quality : null} /> : null}
      </div>
      {business?.placeName && status !== "idle" ? (
        <p className="truncate text-sm text-fg-muted" data-testid="dialer-business">
          <bdi>{business.placeName}</bdi>
        </p>
      ) : null}
      <CallQualityWarning reading={inCall ? dialer.quality : null} />
      {dialer.consult ? <ConsultPanel /> : null}
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
          value={editing ? number : displayPhone(number)}
          readOnly={isActive}
          onBlur={() => setEditing(false)}
          placeholder={t("numberPlaceholder")}
          onChange={(e) => {
            setEditing(true);
            setNumber(e.target.value);
          }}
          className="min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 py-1.5 text-center font-mono text-lg tracking-wider text-fg placeholder:font-sans placeholder:text-sm placeholder:tracking-normal placeholder:text-fg-muted read-only:bg-surface-muted"
        />
        <IconButton
          label={t("backspace")}
          size="sm"
          disabled={isActive || !number}
          onClick={() => setNumber(number.slice(0, -1))}
        >
          <Delete aria-hidden className="rtl:-scale-x-100" />
        </IconButton>
      </div>
      {pending ? (
        <DialerDisposition pending={pending} placed={placed} />
      ) : (
        <DialerKeypad onPress={onKeypad} />
      )}
      {phone && isActive ? (
        <KeypadToggle shown onToggle={() => setKeypadShown(false)} className="w-full flex-row" />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={dialer.muted}
          aria-keyshortcuts="M"
          disabled={!isActive}
          onClick={() => dialer.setMuted(!dialer.muted)}
        >
          {dialer.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
          {dialer.muted ? t("unmute") : t("mute")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={dialer.held}
          disabled={!inCall || dialer.consult !== null}
          onClick={() => dialer.setHeld(!dialer.held)}
        >
          {dialer.held ? <Play aria-hidden /> : <Pause aria-hidden />}
          {dialer.held ? t("resume") : t("hold")}
        </Button>
      </div>
      {dialer.real && isActive ? <MachineDetectionStatus /> : null}
      {dialer.real && isActive ? <VoicemailDropButton /> : null}
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="success"
          data-testid="dialer-call"
          disabled={!canCall}
          onClick={() => dial()}
        >
          <Phone aria-hidden />
          {t("call")}
        </Button>
        <Button variant="danger" data-testid="dialer-end" disabled={!canEnd} onClick={hangUp}>
          <PhoneOff aria-hidden />
          {t("end")}
        </Button>
      </div>
    </div>
  );
}
