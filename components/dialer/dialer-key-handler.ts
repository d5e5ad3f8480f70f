import { isKeypadKey } from "@/lib/dialer/digits";
import type { DialerApi } from "./dialer-provider";

/**
 * Keyboard use while focus is inside the dialer: digits (and * #) go to the number or, in a
 * call, out as DTMF; Enter calls; Escape ends the call; Backspace deletes a digit.
 */
export function createDialerKeyHandler(
  dialer: Pick<
    DialerApi,
    "isActive" | "canCall" | "number" | "dial" | "hangUp" | "sendDigit" | "setNumber"
  >,
  getNumberField: () => HTMLInputElement | null,
  play: (key: string) => void,
) {
  return (e: React.KeyboardEvent<HTMLElement>) => {
    // Keys typed in portalled menus (alarm notes) bubble here through React; not ours.
    if (!e.currentTarget.contains(e.target as Node) || e.defaultPrevented) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement;
    const inNumberField = target === getNumberField();
    const inOtherField = !inNumberField && target.closest("input, textarea, select") !== null;
    if (inOtherField) return;

    if (e.key === "Escape") {
      if (dialer.isActive) {
        e.preventDefault();
        dialer.hangUp();
      }
      return;
    }
    if (e.key === "Enter") {
      // Other buttons (End, menus, minimise) keep Enter; keypad keys and the field call.
      const button = target.closest("button");
      if (button && !button.hasAttribute("data-key")) return;
      e.preventDefault();
      if (dialer.canCall) dialer.dial();
      return;
    }
    if (isKeypadKey(e.key)) {
      play(e.key);
      // The field takes typed digits itself (and drops * and #); elsewhere, or in a call, we do.
      if (inNumberField && !dialer.isActive) return;
      e.preventDefault();
      dialer.sendDigit(e.key);
      return;
    }
    if (e.key === "Backspace" && !inNumberField && !dialer.isActive && dialer.number) {
      e.preventDefault();
      dialer.setNumber(dialer.number.slice(0, -1));
    }
  };
}
