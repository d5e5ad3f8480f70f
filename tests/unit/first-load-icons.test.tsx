// The first-load icons are lucide's, drawn without lucide-react's runtime
// (components/ui/first-load-icons.ts): each must render the very SVG lucide-react renders.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import * as icons from "@/components/ui/first-load-icons";

// lucide-react adds a class per alias of an icon (`lucide-bar-chart-3`); nothing styles them.
const withoutAliasClasses = (markup: string, name: string) =>
  markup.replace(/class="([^"]*)"/, (_, classes: string) => {
    const kept = classes.split(" ").filter((c) => !c.startsWith("lucide-") || c === name);
    return `class="${kept.join(" ")}"`;
  });

describe("first-load icons", () => {
  for (const [name, Icon] of Object.entries(icons)) {
    it(`${name} renders lucide-react's SVG`, () => {
      const Lucide = (lucide as unknown as Record<string, React.ComponentType<object>>)[name];
      expect(Lucide).toBeDefined();
      for (const props of [{ "aria-hidden": true, className: "size-4" }, {}]) {
        const ours = renderToStaticMarkup(createElement(Icon, props));
        const theirs = renderToStaticMarkup(createElement(Lucide, props));
        const own = /lucide-[a-z0-9-]+/.exec(ours)![0];
        expect(ours).toBe(withoutAliasClasses(theirs, own));
      }
    });
  }
});
