import { describe, expect, it, vi } from "vitest";
import { completeVerification } from "@/components/verify-email/verify-outcome";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

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

  it("success only when the server answers emailVerified: true", async () => {
    expect(
      await completeVerification("tok", async () => json(200, { emailVerified: true })),
    ).toEqual({ state: "success" });
    expect(await completeVerification("tok", async () => json(200, { ok: true }))).toEqual({
      state: "error",
      reason: "failed",
    });
  });

  it("the server's error, or Invalid or expired verification link", async () => {
    expect(
      await completeVerification("tok", async () => json(400, { error: "Token revoked by admin" })),
    ).toEqual({
      state: "error",
      reason: "server",
      message: "Token revoked by admin",
    });
    expect(
      await completeVerification("tok", async () =>
        json(400, { error: "Invalid or expired verification link" }),
      ),
    ).toEqual({
      state: "error",
      reason: "invalidLink",
    });
    expect(
      await completeVerification("tok", async () => new Response("oops", { status: 500 })),
    ).toEqual({
      state: "error",
      reason: "invalidLink",
    });
  });

  it("Network error verifying token. when the request fails", async () => {
    expect(
      await completeVerification("tok", () => Promise.reject(new TypeError("Failed to fetch"))),
    ).toEqual({
      state: "error",
      reason: "network",
    });
  });
});
