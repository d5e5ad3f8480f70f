// The landing's icon sprite (modules/landing/components/icons.svg) is lucide-react's shapes, generated
// here: the file must hold exactly one symbol per name the landing uses, drawn as lucide draws it.
// After adding a name to landingIconNames: `npx vitest run landing-icons --update`.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import { landingIconNames } from "@/modules/landing/components/icon-names";

const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

function symbol(name: string): string {
  const Icon = (lucide as unknown as Record<string, React.ComponentType<object>>)[pascal(name)];
  if (!Icon) throw new Error(`lucide-react has no icon ${pascal(name)} (${name})`);
  const markup = renderToStaticMarkup(createElement(Icon));
  const open = /^<svg ([^>]*)>/.exec(markup)!;
  // lucide's own presentation attributes, without its size and classes (the page sizes each use).
  const attributes = open[1]
    .split(/ (?=[a-zA-Z-]+=")/)
    .filter((a) => !/^(xmlns|width|height|class|aria-hidden)=/.test(a))
    .join(" ");
  const shapes = markup.slice(open[0].length, -"</svg>".length);
  return `  <symbol id="${name}" ${attributes}>${shapes}</symbol>`;
}

describe("landing icon sprite", () => {
  it("is lucide-react's shapes, one symbol per name", async () => {
    const sprite = [
      // Next reads an imported image's size from it, so the sprite has a viewBox of its own.
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">`,
      ...landingIconNames.map(symbol),
      `</svg>`,
      "",
    ].join("\n");
    expect(sprite).toContain('<symbol id="phone-call" viewBox="0 0 24 24" fill="none"');
    await expect(sprite).toMatchFileSnapshot("../../modules/landing/components/icons.svg");
  });
});
