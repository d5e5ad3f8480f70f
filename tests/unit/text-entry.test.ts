import { describe, expect, it } from "vitest";
import { isTextEntry } from "@/lib/ui/text-entry";

describe("isTextEntry", () => {
  it("takes text inputs, textareas, selects and editable elements as typing", () => {
    expect(isTextEntry({ tagName: "INPUT" })).toBe(true);
    expect(isTextEntry({ tagName: "input", type: "search" })).toBe(true);
    expect(isTextEntry({ tagName: "INPUT", type: "tel" })).toBe(true);
    expect(isTextEntry({ tagName: "TEXTAREA" })).toBe(true);
    expect(isTextEntry({ tagName: "SELECT" })).toBe(true);
    expect(isTextEntry({ tagName: "DIV", isContentEditable: true })).toBe(true);
  });

  it("leaves buttons, checkboxes, links, the page and nothing to the page's keys", () => {
    expect(isTextEntry({ tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(isTextEntry({ tagName: "INPUT", type: "Radio" })).toBe(false);
    expect(isTextEntry({ tagName: "INPUT", type: "submit" })).toBe(false);
    expect(isTextEntry({ tagName: "BUTTON" })).toBe(false);
    expect(isTextEntry({ tagName: "A" })).toBe(false);
    expect(isTextEntry({ tagName: "BODY", isContentEditable: false })).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});
