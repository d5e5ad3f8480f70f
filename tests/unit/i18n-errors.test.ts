import { afterEach, describe, expect, it, vi } from "vitest";
import { IntlError, IntlErrorCode } from "use-intl";
import { reportIntlError } from "@/lib/i18n/errors";

describe("i18n onError", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("throws on a missing message outside production instead of swallowing it", () => {
    vi.stubEnv("NODE_ENV", "test");
    const missing = new IntlError(IntlErrorCode.MISSING_MESSAGE, "Profile.nope");
    expect(() => reportIntlError(missing)).toThrow(missing);
  });

  it("logs instead of throwing in production, and ignores environment fallbacks", () => {
    vi.stubEnv("NODE_ENV", "production");
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(() =>
      reportIntlError(new IntlError(IntlErrorCode.MISSING_MESSAGE, "Profile.nope")),
    ).not.toThrow();
    expect(String(write.mock.calls[0]?.[0])).toContain("MISSING_MESSAGE");
    write.mockClear();
    vi.stubEnv("NODE_ENV", "test");
    expect(() =>
      reportIntlError(new IntlError(IntlErrorCode.ENVIRONMENT_FALLBACK, "no time zone")),
    ).not.toThrow();
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
  });
});
