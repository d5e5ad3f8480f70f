import { describe, expect, it } from "vitest";
import { bodyPreview, redactText, redactUrl } from "@/lib/client/redact";

describe("redaction for the fetch log", () => {
  it("hides token and password values in JSON", () => {
    const out = redactText(
      '{"token":"eyJ.abc.def","user":{"username":"ann"},"password":"s3cr\\"et"}',
    );
    expect(out).toBe('{"token":"[redacted]","user":{"username":"ann"},"password":"[redacted]"}');
  });
  it("hides the two-factor secret, its URI, the challenge and the recovery codes", () => {
    const setup = redactText(
      '{"secret":"JBSWY3DPEHPK3PXP","otpauthUri":"otpauth://totp/DialFlow:ann?secret=JBSWY3DPEHPK3PXP"}',
    );
    expect(setup).toBe('{"secret":"[redacted]","otpauthUri":"[redacted]"}');
    expect(
      redactText('{"twoFactorRequired":true,"challenge":"eyJ.x.y","user":{"username":"ann"}}'),
    ).toBe('{"twoFactorRequired":true,"challenge":"[redacted]","user":{"username":"ann"}}');
    expect(redactText('{"ok":true,"recoveryCodes":["abcde-fghjk","mnpqr-stuvw"]}')).toBe(
      '{"ok":true,"recoveryCodes":"[redacted]"}',
    );
    // Error codes stay readable.
    expect(
      redactText('{"error":"The code is not correct","code":"two_factor_code_incorrect"}'),
    ).toBe('{"error":"The code is not correct","code":"two_factor_code_incorrect"}');
  });
  it("hides bearer credentials and secret query parameters", () => {
    expect(redactText("Authorization: Bearer abc.DEF-123")).toBe(
      "Authorization: Bearer [redacted]",
    );
    expect(redactUrl("/verify-email?token=xyz&a=1")).toBe("/verify-email?token=[redacted]&a=1");
  });
  it("cuts the preview at 180 characters after redacting", () => {
    const body = `{"token":"${"x".repeat(400)}"}`;
    expect(bodyPreview(body)).toBe('{"token":"[redacted]"}');
    expect(bodyPreview("a".repeat(500))).toHaveLength(180);
  });
});
