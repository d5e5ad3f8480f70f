import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The rule sets the gate checks: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * The rules of those sets whose result depends on colours: the only ones a change of theme can
 * change, since the themes differ in colours alone (no `dark:` class hides, shows or sizes
 * anything; the a11y spec checks a page's other theme with these).
 */
export const colourRules = ["color-contrast", "link-in-text-block"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

function describe(v: Violation): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map(
      (n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.split("\n").join("\n      ")}`,
    )
    .join("\n");
  const more = v.nodes.length > 5 ? `\n    …and ${v.nodes.length - 5} more` : "";
  return `  [${v.impact}] ${v.id} ×${v.nodes.length}: ${v.help}\n${nodes}${more}`;
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation. Moderate
 * and minor findings are printed (to be fixed, or justified next to a narrow exclusion).
 * The failure is soft (the test goes on to check its other pages, and fails at the end).
 * `exclude` takes CSS selectors for third-party content the app does not control; `experimental`
 * names axe's experimental rules to check as well; `only` checks just the rules it names.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  options: { exclude?: string[]; experimental?: string[]; only?: string[] } = {},
): Promise<void> {
  // Experimental rules (label-content-name-mismatch, WCAG 2.5.3 level A) are left out by the
  // tags alone: a caller asks for them by name.
  const rules = Object.fromEntries(
    (options.experimental ?? []).map((id) => [id, { enabled: true }]),
  );
  let builder = options.only
    ? new AxeBuilder({ page }).withRules(options.only)
    : new AxeBuilder({ page }).options({ rules }).withTags(wcagTags);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const other = violations.filter((v) => !blocking.includes(v));
  if (other.length > 0) {
    console.log(
      `axe (${label}): ${other.length} moderate/minor\n${other.map(describe).join("\n")}`,
    );
  }
  // Soft: a spec checking several pages reports all of them; the test still fails at its end.
  expect
    .soft(
      blocking.map(describe),
      `axe found serious or critical violations on ${label}:\n${blocking.map(describe).join("\n")}`,
    )
    .toEqual([]);
}
