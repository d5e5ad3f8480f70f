// The log tail reads backwards in chunks: every chunk size must give exactly the last N lines.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tailFile } from "@/modules/console/lib/tail";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-tail-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("tailFile", () => {
  const lines = Array.from({ length: 537 }, (_, i) => `line ${i + 1} ${"é".repeat(i % 13)}`);

  it.each([31, 64, 1000, 65_536])(
    "returns exactly the last N lines with %i-byte chunks",
    async (chunkBytes) => {
      for (const ending of ["\n", "", "\r\n"]) {
        const file = write(
          `f-${chunkBytes}.log`,
          lines.join(ending === "\r\n" ? "\r\n" : "\n") + ending,
        );
        for (const n of [1, 100, 536, 537, 600]) {
          const got = await tailFile(file, n, { chunkBytes });
          expect(got.lines).toEqual(lines.slice(-n));
          expect(got.truncated).toBe(false);
        }
      }
    },
  );

  it("returns no lines for an empty file", async () => {
    expect(await tailFile(write("empty.log", ""), 100)).toEqual({ lines: [], truncated: false });
  });

  it("stops at the byte bound and says the tail is short", async () => {
    const long = Array.from({ length: 50 }, (_, i) => `${i}:${"x".repeat(1000)}`);
    const got = await tailFile(write("long.log", long.join("\n") + "\n"), 40, { maxBytes: 10_000 });
    expect(got.truncated).toBe(true);
    expect(got.lines.length).toBeLessThan(40);
    expect(got.lines).toEqual(long.slice(-got.lines.length));
  });
});
