// The dark theme changes colours and nothing else: the accessibility gate relies on it, checking a
// page's dark theme with axe's colour rules only (tests/e2e/a11y.spec.ts). A `dark:` utility that
// hides, shows, moves or sizes something, or a `.dark` rule that is not a colour, fails here, and
// the gate would then need every rule in both themes again.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const sourceDirs = ["app", "components", "modules", "lib"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Utilities of those families that are not colours: sizes, alignment, wrapping, styles. */
const notColour =
  /^(text-(xs|sm|base|lg|\d?xl|left|right|center|start|end|justify|wrap|nowrap|balance|pretty|ellipsis|clip)|shadow-(xs|sm|md|lg|\d?xl|none|inner)|border-(solid|dashed|dotted|double|none|hidden|collapse|separate|[xytrblse])|outline-(none|hidden|solid|dashed|dotted|double|offset-.*)|ring-(inset|offset-\d+)|decoration-(solid|double|dotted|dashed|wavy|slice|clone|auto|from-font))$/;
/** Tailwind utilities whose only effect is a colour. */
const colourUtility =
  /^(text|bg|border|divide|ring|outline|fill|stroke|from|via|to|decoration|placeholder|caret|accent|shadow)-(\[color:|\[#|\[rgb|\[oklch|\[hsl|[a-z]+(-[a-z]+)*(-\d{2,3})?(\/\d+)?$)/;

describe("the dark theme", () => {
  const files = sourceDirs.flatMap((dir) => sourceFiles(path.join(root, dir)));

  it("uses dark: only with colour utilities", () => {
    const offending: string[] = [];
    for (const file of files) {
      for (const [, utility] of fs
        .readFileSync(file, "utf8")
        .matchAll(/\bdark:([\w:[\]/#().-]+)/g)) {
        // Strip state variants (dark:hover:bg-x) down to the utility itself.
        const base = utility.split(":").at(-1) ?? utility;
        if (!colourUtility.test(base) || notColour.test(base))
          offending.push(`${path.relative(root, file)}: dark:${utility}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("declares colour values and the colour scheme only under .dark", () => {
    const css = fs.readFileSync(path.join(root, "app/globals.css"), "utf8");
    const blocks = [...css.matchAll(/(?:^|\n)\.dark\s*\{([^}]*)\}/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThan(0);
    const declarations = blocks.flatMap((block) =>
      block
        .split(";")
        .map((d) => d.trim())
        .filter(Boolean),
    );
    const colour = /^--[\w-]+\s*:\s*(#[0-9a-f]{3,8}|rgba?\(|hsla?\(|oklch\(|color-mix\()/i;
    const other = declarations.filter((d) => !colour.test(d) && !/^color-scheme\s*:/.test(d));
    expect(other).toEqual([]);
  });
});
