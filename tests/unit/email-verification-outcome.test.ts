import { describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@/lib/client/api-error";
import { completeVerification } from "@/lib/email/verify-outcome";

const refused = (status: number, body: unknown, code: string | null) => async () => {
  throw new ApiClientError({ status, code, message: "x", body });
};

describe("verify page outcome", () => {
  it("Missing token. without calling the server", async () => {
    const post = vi.fn();
    expect(await completeVerification(null, post)).toEqual({
      state: "error",
      reason: "missingToken",
    });
    expect(await completeVerification("  ", post)).toEqual({
      state: "error",
      reason: "missingToken",
    });
    expect(post).not.toHaveBeenCalled();
  });

  it("success when the call resolves; failed when the answer had the wrong shape", async () => {
    const post = vi.fn(async () => ({ emailVerified: true as const }));
    expect(await completeVerification(" tok ", post)).toEqual({ state: "success" });
    expect(post).toHaveBeenCalledWith("tok");
    expect(
      await completeVerification("tok", refused(200, { ok: true }, "invalid_response")),
    ).toEqual({ state: "error", reason: "failed" });
  });

  it("branches on the code: email_link_invalid is the translated invalid-link text", async () => {
    // Whatever the English wording, the code decides.
    expect(
      await completeVerification(
        "tok",
        refused(400, { error: "Link no good", code: "email_link_invalid" }, "email_link_invalid"),
      ),
    ).toEqual({ state: "error", reason: "invalidLink" });
    expect(
      await completeVerification(
        "tok",
        refused(
          400,
          { error: "Invalid or expired verification link", code: "validation" },
          "validation",
        ),
      ),
    ).toEqual({
      state: "error",
      reason: "server",
      message: "Invalid or expired verification link",
    });
    expect(await completeVerification("tok", refused(500, "oops", null))).toEqual({
      state: "error",
      reason: "invalidLink",
    });
  });

  it("Network error verifying token. when the request fails", async () => {
    expect(await completeVerification("tok", refused(0, null, "network"))).toEqual({
      state: "error",
      reason: "network",
    });
    expect(
      await completeVerification("tok", () => Promise.reject(new TypeError("Failed to fetch"))),
    ).toEqual({ state: "error", reason: "network" });
  });
});
