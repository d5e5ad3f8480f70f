// Button's asChild (components/ui/slot.tsx) merges props as Radix Slot did: the child's win,
// both handlers run (the child's first), class names join, styles merge.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Button } from "@/components/ui/button";
import { mergeSlotProps } from "@/components/ui/slot";

describe("Slot", () => {
  it("renders the child with the button's look, not a <button>", () => {
    const markup = renderToStaticMarkup(
      createElement(
        Button,
        { asChild: true, variant: "secondary", className: "mt-5" },
        createElement("a", { href: "/app", className: "own" }, "Open"),
      ),
    );
    expect(markup).toMatch(/^<a [^>]*>Open<\/a>$/);
    expect(markup).toMatch(/ class="[^"]*border[^"]* mt-5 own"/);
    expect(markup).toContain(' href="/app"');
    expect(markup).toContain(' data-variant="secondary"');
    expect(markup).not.toContain("type=");
  });

  it("runs both handlers, the child's first, and lets the child's other props win", () => {
    const calls: string[] = [];
    const slotClick = vi.fn(() => calls.push("slot"));
    const childClick = vi.fn(() => calls.push("child"));
    const merged = mergeSlotProps(
      { onClick: slotClick, title: "slot", style: { color: "red", margin: 1 } },
      { onClick: childClick, title: "child", style: { color: "blue" } },
    );
    (merged.onClick as () => void)();
    expect(calls).toEqual(["child", "slot"]);
    expect(merged.title).toBe("child");
    expect(merged.style).toEqual({ color: "blue", margin: 1 });
  });
});
