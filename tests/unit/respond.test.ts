import { describe, expect, it } from "vitest";
import { z } from "zod";
import { respond } from "@/lib/api/respond";

const schema = z.object({ ok: z.literal(true), n: z.number() });

describe("respond(schema, data)", () => {
  it("answers the checked data as JSON, uncached", async () => {
    const res = respond(schema, { ok: true, n: 2 }, { status: 201, headers: { "X-A": "1" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-A")).toBe("1");
    expect(await res.json()).toEqual({ ok: true, n: 2 });
  });

  it("throws a plain Error (a 500 in the wrapper, not a caller's 400) when data drifts", () => {
    const drifted = { ok: true, n: "2" } as unknown as z.input<typeof schema>;
    let thrown: unknown;
    try {
      respond(schema, drifted);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(z.ZodError);
    expect(String(thrown)).toMatch(/does not match its schema/);
  });
});
