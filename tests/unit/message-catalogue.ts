// What the messages tests share: a namespace's texts flattened to "a.b.c" keys, and the
// placeholders a text names, so each test compares locales key by key.
export type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out[`${prefix}${k}`] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}

/** One namespace of a locale's catalogue, flattened (empty when the locale lacks it). */
export const namespaceOf = (messages: unknown, namespace: string) =>
  flatten((messages as Record<string, Tree>)[namespace] ?? {});

/** The distinct arguments a text names ({count}, {count, plural, ...}), sorted. */
export const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]))].sort();
