import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository explains itself: a short README that links to the rest, a map of the code short
// enough to read first, one README per feature folder, and no link that leads nowhere (a fact
// moved out of the README must still be reachable from it).

const lines = (file: string) => fs.readFileSync(file, "utf8").trimEnd().split("\n").length;
const features = fs
  .readdirSync("modules", { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const pages = [
  "README.md",
  ...fs
    .readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f)),
  ...features.map((f) => path.join("modules", f, "README.md")).filter((f) => fs.existsSync(f)),
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, "")
    .replace(/ /g, "-");

describe("the documentation", () => {
  it("keeps the README at most 300 lines and the architecture map at most 200", () => {
    expect(lines("README.md")).toBeLessThanOrEqual(300);
    expect(lines("docs/architecture.md")).toBeLessThanOrEqual(200);
  });

  it("gives every feature folder a README that the README links to", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    for (const feature of features) {
      expect(fs.existsSync(path.join("modules", feature, "README.md")), feature).toBe(true);
      expect(readme, feature).toContain(`(modules/${feature}/README.md)`);
    }
  });

  it("has no relative link to a missing file or heading", () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = fs.readFileSync(page, "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [file, anchor] = target!.split("#");
        const resolved = file ? path.normalize(path.join(path.dirname(page), file)) : page;
        // The edge ships from its own folder; until it is in this tree its links are not checked.
        if (resolved.split(path.sep)[0] === "edge" && !fs.existsSync("edge")) continue;
        if (!fs.existsSync(resolved)) {
          broken.push(`${page} -> ${target}`);
          continue;
        }
        if (!anchor) continue;
        const headings = fs
          .readFileSync(resolved, "utf8")
          .split("\n")
          .filter((l) => l.startsWith("#"))
          .map((l) => anchorOf(l.replace(/^#+/, "")));
        if (!headings.includes(anchor)) broken.push(`${page} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
