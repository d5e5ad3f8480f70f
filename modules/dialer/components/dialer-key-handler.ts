import { isKeypadKey } from "@/modules/dialer/lib/digits";
import type { DialerApi } from "@/modules/dialer/components/dialer-provider";

type DialerView = Pick<DialerApi, "isActive" | "canCall" | "number">;

/** Where a key was pressed, read from the DOM once (see describeKeyTarget). */
export type KeyTarget = {
  inNumberField: boolean;
  /** Another input, textarea or select (alarm notes and the like). */
  inOtherField: boolean;
  /** A button other than a keypad key (End, menus, minimise). */
  onOtherButton: boolean;
};

export type KeyPress = {
  key: string;
  /** Ctrl, Meta or Alt held: shortcuts belong to the browser. */
  modifier: boolean;
  /** Pressed inside the widget's own DOM (portalled menus bubble through React too). */
  inside: boolean;
  alreadyHandled: boolean;
};

export type KeyDecision = {
  preventDefault: boolean;
  playTone: boolean;
  run: "none" | "hangUp" | "dial" | "sendDigit" | "deleteDigit";
};

const ignore: KeyDecision = { preventDefault: false, playTone: false, run: "none" };

/**
 * Keyboard use while focus is inside the dialer: digits (and * #) go to the number or, in a
 * call, out as DTMF; Enter calls; Escape ends the call; Backspace deletes a digit. Pure, so the
 * rules are unit-tested without a DOM; the DOM reading is describeKeyTarget's alone.
 */
export function decideDialerKey(
  press: KeyPress,
  target: KeyTarget,
  dialer: DialerView,
): KeyDecision {
  if (!press.inside || press.alreadyHandled || press.modifier || target.inOtherField) return ignore;
  if (press.key === "Escape") {
    return dialer.isActive ? { preventDefault: true, playTone: false, run: "hangUp" } : ignore;
  }
  if (press.key === "Enter") {
    // Other buttons keep Enter; keypad keys and the field call.
    if (target.onOtherButton) return ignore;
    return { preventDefault: true, playTone: false, run: dialer.canCall ? "dial" : "none" };
  }
  if (isKeypadKey(press.key)) {
    // The field takes typed digits itself (and drops * and #); elsewhere, or in a call, we do.
    if (target.inNumberField && !dialer.isActive) return { ...ignore, playTone: true };
    return { preventDefault: true, playTone: true, run: "sendDigit" };
  }
  if (press.key === "Backspace" && !target.inNumberField && !dialer.isActive && dialer.number) {
    return { preventDefault: true, playTone: false, run: "deleteDigit" };
  }
  return ignore;
}

/** Reads where the key was pressed: the number field, another field, or a non-keypad button. */
export function describeKeyTarget(
  target: HTMLElement,
  numberField: HTMLInputElement | null,
): KeyTarget {
  const inNumberField = target === numberField;
  const button = target.closest("button");
  return {
    inNumberField,
    inOtherField: !inNumberField && target.closest("input, textarea, select") !== null,
    onOtherButton: button !== null && !button.hasAttribute("data-key"),
  };
}

export function createDialerKeyHandler(
  dialer: Pick<
    DialerApi,
    "isActive" | "canCall" | "number" | "dial" | "hangUp" | "sendDigit" | "setNumber"
  >,
  getNumberField: () => HTMLInputElement | null,
  play: (key: string) => void,
) {
  return (e: React.KeyboardEvent<HTMLElement>) => {
    const decision = decideDialerKey(
      {
        key: e.key,
        modifier: e.ctrlKey || e.metaKey || e.altKey,
        inside: e.currentTarget.contains(e.target as Node),
        alreadyHandled: e.defaultPrevented,
      },
      describeKeyTarget(e.target as HTMLElement, getNumberField()),
      dialer,
    );
    if (decision.playTone) play(e.key);
    if (decision.preventDefault) e.preventDefault();
    if (decision.run === "hangUp") dialer.hangUp();
    else if (decision.run === "dial") dialer.dial();
    else if (decision.run === "sendDigit") dialer.sendDigit(e.key);
    else if (decision.run === "deleteDigit") dialer.setNumber(dialer.number.slice(0, -1));
  };
}
