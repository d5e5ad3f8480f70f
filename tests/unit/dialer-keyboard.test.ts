import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDialerKeyHandler } from "@/components/dialer/dialer-key-handler";

type Fake = { tag: string; keypad?: boolean; inside?: boolean };

// Just enough of a DOM element for the handler: closest() over a one-level "tree".
function element({ tag, keypad }: Fake) {
  return {
    tag,
    closest(selector: string) {
      const tags = selector.split(",").map((s) => s.trim());
      return tags.includes(tag) ? this : null;
    },
    hasAttribute: (name: string) => name === "data-key" && !!keypad,
  };
}

function press(key: string, target: ReturnType<typeof element>, inside = true) {
  const event = {
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    currentTarget: { contains: () => inside },
    preventDefault: vi.fn(() => void (event.defaultPrevented = true)),
  };
  return event;
}

const input = element({ tag: "input" });
let dialer: {
  isActive: boolean;
  canCall: boolean;
  number: string;
  dial: ReturnType<typeof vi.fn>;
  hangUp: ReturnType<typeof vi.fn>;
  sendDigit: ReturnType<typeof vi.fn>;
  setNumber: ReturnType<typeof vi.fn>;
};
let play: ReturnType<typeof vi.fn>;
let handle: (e: ReturnType<typeof press>) => void;

beforeEach(() => {
  dialer = {
    isActive: false,
    canCall: true,
    number: "55",
    dial: vi.fn(),
    hangUp: vi.fn(),
    sendDigit: vi.fn(),
    setNumber: vi.fn(),
  };
  play = vi.fn();
  const h = createDialerKeyHandler(
    dialer as unknown as Parameters<typeof createDialerKeyHandler>[0],
    () => input as unknown as HTMLInputElement,
    play as unknown as (key: string) => void,
  );
  handle = (e) => h(e as unknown as React.KeyboardEvent<HTMLElement>);
});

describe("dialer keyboard", () => {
  it("digits typed on the widget go to the number and play their tone", () => {
    const e = press("7", element({ tag: "section" }));
    handle(e);
    expect(dialer.sendDigit).toHaveBeenCalledWith("7");
    expect(play).toHaveBeenCalledWith("7");
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it("the number field takes typed digits itself (it filters them), with a tone", () => {
    const e = press("7", input);
    handle(e);
    expect(dialer.sendDigit).not.toHaveBeenCalled();
    expect(e.preventDefault).not.toHaveBeenCalled();
    expect(play).toHaveBeenCalledWith("7");
  });

  it("during a call, digits typed in the field are sent as DTMF", () => {
    dialer.isActive = true;
    handle(press("#", input));
    expect(dialer.sendDigit).toHaveBeenCalledWith("#");
  });

  it("Enter calls from the field and from keypad keys, not from other buttons", () => {
    handle(press("Enter", input));
    handle(press("Enter", element({ tag: "button", keypad: true })));
    expect(dialer.dial).toHaveBeenCalledTimes(2);
    handle(press("Enter", element({ tag: "button" })));
    expect(dialer.dial).toHaveBeenCalledTimes(2);
    dialer.canCall = false;
    handle(press("Enter", input));
    expect(dialer.dial).toHaveBeenCalledTimes(2);
  });

  it("Escape ends an active call only", () => {
    handle(press("Escape", input));
    expect(dialer.hangUp).not.toHaveBeenCalled();
    dialer.isActive = true;
    handle(press("Escape", element({ tag: "button" })));
    expect(dialer.hangUp).toHaveBeenCalledOnce();
  });

  it("ignores keys from other fields and from portalled menus", () => {
    handle(press("5", element({ tag: "textarea" })));
    handle(press("5", element({ tag: "div" }), false));
    handle(press("Escape", element({ tag: "div" }), false));
    expect(dialer.sendDigit).not.toHaveBeenCalled();
    expect(dialer.hangUp).not.toHaveBeenCalled();
  });

  it("Backspace outside the field deletes the last digit", () => {
    handle(press("Backspace", element({ tag: "button", keypad: true })));
    expect(dialer.setNumber).toHaveBeenCalledWith("5");
  });
});
