/** What `isTextEntry` reads of an element (a DOM element, or a plain object in unit tests). */
export type KeyTarget = { tagName?: string; isContentEditable?: boolean; type?: string } | null;

// Inputs whose keys are not text: a key press there may belong to the page.
const nonTextInputs = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/**
 * Whether keys pressed on `target` are text the user is typing: a text input, a textarea, a
 * select or an editable element. Page-wide shortcuts (the power-dial session's keys, the
 * disposition prompt taking focus) leave such a field alone.
 */
export function isTextEntry(target: KeyTarget): boolean {
  if (!target) return false;
  if (target.isContentEditable === true) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && !nonTextInputs.has((target.type ?? "text").toLowerCase());
}
