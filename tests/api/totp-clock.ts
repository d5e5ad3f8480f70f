// What the two-factor API tests share: a clock that stands still at 5 s into a 30 s TOTP step
// (tests move it by whole steps) and the code an authenticator app would show.
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, vi } from "vitest";

/** Registers the still clock for the file's tests; returns how to move it on. */
export function stillClock() {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    clock = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
    vi.setSystemTime(clock);
  });
  afterEach(() => vi.useRealTimers());
  return (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };
}

export const codeAt = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
