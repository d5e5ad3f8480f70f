import { describe, expect, it } from "vitest";
import {
  decideDialerKey,
  type KeyPress,
  type KeyTarget,
} from "@/modules/dialer/components/dialer-key-handler";

// The keyboard rules without a DOM: where the key was pressed is an input to the rules
// (describeKeyTarget reads it from the real DOM; the e2e keyboard test drives that part).
const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  modifier: false,
  inside: true,
  alreadyHandled: false,
  ...over,
});
const onWidget: KeyTarget = { inNumberField: false, inOtherField: false, onOtherButton: false };
const inField: KeyTarget = { ...onWidget, inNumberField: true };
const onKeypadKey = onWidget;
const onOtherButton: KeyTarget = { ...onWidget, onOtherButton: true };
const inOtherField: KeyTarget = { ...onWidget, inOtherField: true };
const idle = { isActive: false, canCall: true, number: "55" };
const inCall = { ...idle, isActive: true };

describe("dialer keyboard", () => {
  it("digits typed on the widget go to the number and play their tone", () => {
    expect(decideDialerKey(press("7"), onWidget, idle)).toEqual({
      preventDefault: true,
      playTone: true,
      run: "sendDigit",
    });
  });

  it("the number field takes typed digits itself (it filters them), with a tone", () => {
    expect(decideDialerKey(press("7"), inField, idle)).toEqual({
      preventDefault: false,
      playTone: true,
      run: "none",
    });
  });

  it("during a call, digits typed in the field are sent as DTMF", () => {
    expect(decideDialerKey(press("#"), inField, inCall).run).toBe("sendDigit");
  });

  it("Enter calls from the field and from keypad keys, not from other buttons", () => {
    expect(decideDialerKey(press("Enter"), inField, idle).run).toBe("dial");
    expect(decideDialerKey(press("Enter"), onKeypadKey, idle).run).toBe("dial");
    expect(decideDialerKey(press("Enter"), onOtherButton, idle)).toEqual({
      preventDefault: false,
      playTone: false,
      run: "none",
    });
    // Nothing to call: Enter is still taken (no form submit), but does not dial.
    expect(decideDialerKey(press("Enter"), inField, { ...idle, canCall: false })).toEqual({
      preventDefault: true,
      playTone: false,
      run: "none",
    });
  });

  it("Escape ends an active call only, from any button", () => {
    expect(decideDialerKey(press("Escape"), inField, idle).run).toBe("none");
    expect(decideDialerKey(press("Escape"), onOtherButton, inCall).run).toBe("hangUp");
  });

  it("ignores keys from other fields, portalled menus, modifiers and handled events", () => {
    expect(decideDialerKey(press("5"), inOtherField, idle).run).toBe("none");
    expect(decideDialerKey(press("5", { inside: false }), onWidget, idle).run).toBe("none");
    expect(decideDialerKey(press("Escape", { inside: false }), onWidget, inCall).run).toBe("none");
    expect(decideDialerKey(press("5", { modifier: true }), onWidget, idle).run).toBe("none");
    expect(decideDialerKey(press("5", { alreadyHandled: true }), onWidget, idle).run).toBe("none");
  });

  it("Backspace outside the field deletes the last digit, not in a call or the field", () => {
    expect(decideDialerKey(press("Backspace"), onKeypadKey, idle).run).toBe("deleteDigit");
    expect(decideDialerKey(press("Backspace"), inField, idle).run).toBe("none");
    expect(decideDialerKey(press("Backspace"), onKeypadKey, inCall).run).toBe("none");
    expect(decideDialerKey(press("Backspace"), onKeypadKey, { ...idle, number: "" }).run).toBe(
      "none",
    );
  });
});
