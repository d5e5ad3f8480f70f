/**
 * Zod compiles fast parsers with `new Function` where the page allows it, and finds out by trying
 * once: under our pages' CSP (no 'unsafe-eval') that try is refused and reported as a
 * `securitypolicyviolation` for script-src, though zod catches it. Told up front, it parses the
 * same without the compiled fast path, and the pages' violation reports stay real ones. Called at
 * module load by the providers, before any schema of a lazily loaded chunk is built.
 *
 * Through the global zod keeps its settings in (what `z.config({ jitless: true })` writes), not
 * through `config` itself: importing that put 5 KiB of zod into every page's first load.
 * real-calls.spec's CSP test fails if zod ever stops reading it.
 */
export function parseWithoutEval() {
  const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (global.__zod_globalConfig ??= {}).jitless = true;
}
