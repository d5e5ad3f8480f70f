import { describe, expect, it, vi } from "vitest";
import type { DialerController } from "@/modules/dialer/lib/controller";
import { guardDial } from "@/modules/do-not-call/lib/dnc-guard";

function fakeController(number = "") {
  const state = { number };
  return {
    capabilities: { real: false },
    getState: () => state,
    dial: vi.fn(),
    setNumber: vi.fn((n: string) => void (state.number = n)),
  } as unknown as DialerController & { dial: ReturnType<typeof vi.fn> };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("guardDial (do-not-call on the dialer)", () => {
  it("leaves a real line's calls to the server's check (the call authorisation)", () => {
    const c = fakeController("5125550101");
    (c as { capabilities: { real: boolean } }).capabilities.real = true;
    const check = vi.fn();
    guardDial(c, check, vi.fn()).dial(undefined, { placeId: "p1" });
    expect(check).not.toHaveBeenCalled();
    expect(c.dial).toHaveBeenCalledWith(undefined, { placeId: "p1" });
  });

  it("dials a number the server allows", async () => {
    const c = fakeController("5125550101");
    const blocked = vi.fn();
    const check = vi.fn().mockResolvedValue({ doNotCall: false, number: "+15125550101" });
    guardDial(c, check, blocked).dial();
    expect(c.dial).not.toHaveBeenCalled();
    await flush();
    expect(check).toHaveBeenCalledWith("5125550101");
    expect(c.dial).toHaveBeenCalledTimes(1);
    expect(blocked).not.toHaveBeenCalled();
  });

  it("refuses a listed number, says which, and leaves it in the field", async () => {
    const c = fakeController();
    const blocked = vi.fn();
    const check = vi.fn().mockResolvedValue({ doNotCall: true, number: "+15125550101" });
    guardDial(c, check, blocked).dial("(512) 555-0101", { placeId: "p1" } as never);
    await flush();
    expect(c.dial).not.toHaveBeenCalled();
    expect(blocked).toHaveBeenCalledWith("+15125550101");
    expect(c.setNumber).toHaveBeenCalledWith("(512) 555-0101");
  });

  it("dials anyway when the check cannot reach the server (offline calls are queued)", async () => {
    const c = fakeController("5125550101");
    const check = vi.fn().mockRejectedValue(new Error("offline"));
    guardDial(c, check, vi.fn()).dial();
    await flush();
    expect(c.dial).toHaveBeenCalledTimes(1);
  });

  it("checks once when dial is pressed twice, and passes an empty number straight on", async () => {
    const c = fakeController("5125550101");
    const check = vi.fn().mockResolvedValue({ doNotCall: false, number: "+15125550101" });
    const guarded = guardDial(c, check, vi.fn());
    guarded.dial();
    guarded.dial();
    await flush();
    expect(check).toHaveBeenCalledTimes(1);
    expect(c.dial).toHaveBeenCalledTimes(1);
    const empty = fakeController("");
    guardDial(empty, check, vi.fn()).dial();
    expect(empty.dial).toHaveBeenCalledTimes(1);
  });
});
