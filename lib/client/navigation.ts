import "client-only";

/**
 * Whether this document was loaded by a reload (Navigation Timing), as opposed to a new visit:
 * what a reload interrupted (an owed call outcome, a running power-dial session) is offered
 * back, a new visit starts clean.
 */
export function wasReloaded(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "reload";
}
