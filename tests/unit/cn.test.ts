import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "@/lib/ui/cn";

/** Every whitespace-separated word of every string literal in the app's source. */
function classesWrittenInSource(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // merge-config.ts names class groups ("border-w"), not classes
      else if (/\.tsx?$/.test(entry.name) && entry.name !== "merge-config.ts") {
        const source = fs.readFileSync(file, "utf8");
        for (const [, literal] of source.matchAll(/["'`]([^"'`\n]{1,400})["'`]/g)) {
          for (const word of literal!.split(/\s+/)) if (word.length > 1) words.add(word);
        }
      }
    }
  };
  for (const dir of ["app", "components", "lib", "modules"]) walk(path.resolve(dir));
  return [...words];
}

describe("cn", () => {
  it("lets a later class of the same kind win, keeping the rest", () => {
    expect(cn("px-4 py-2 text-sm", "px-2")).toBe("py-2 text-sm px-2");
    expect(cn("p-4", "ps-2")).toBe("p-4 ps-2");
    expect(cn("ps-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-fg", "text-danger-text")).toBe("text-sm text-danger-text");
    expect(cn("hidden", false, "md:flex", ["flex"])).toBe("md:flex flex");
  });

  it("merges every pair of classes the source writes exactly as the full tailwind-merge", () => {
    // Only words the full config places in a group can ever be merged away.
    const grouped = classesWrittenInSource().filter((c) => twMerge(`${c} ${c}`) === c);
    expect(grouped.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const a of grouped) {
      for (const b of grouped) {
        if (a === b) continue;
        const full = twMerge(`${a} ${b}`);
        if (cn(a, b) !== full)
          differences.push(`"${a} ${b}": cn → "${cn(a, b)}", twMerge → "${full}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Every pair of several hundred classes: seconds of work, more on a busy machine.
  }, 60_000);
});
