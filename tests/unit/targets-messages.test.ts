import { describe, expect, it } from "vitest";
import ar from "@/messages/ar";
import de from "@/messages/de";
import en from "@/messages/en";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((out, [k, v]) => {
    if (typeof v === "string") out[`${prefix}${k}`] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
    return out;
  }, {});
const args = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("Targets messages", () => {
  const source = flatten(en.Targets as Tree);

  it("keep the spec's English texts", () => {
    expect(source["status.ready"]).toBe("Ready. {count} places enriched.");
    expect(source["status.error"]).toBe("Error while searching");
    expect(source["status.empty"]).toBe("No results.");
    expect(source["status.cached"]).toBe("Cached {count} result(s)");
    expect(source.loading).toBe("Loading...");
    expect(source.loadMore).toBe("Load More");
    expect(source.unnamed).toBe("(Unnamed)");
    expect(source.errorText).toBe("Places API error {status}: {body}");
  });

  it.each([
    ["ar", ar],
    ["de", de],
  ])("%s has the same keys and arguments", (_name, messages) => {
    const target = flatten((messages as { Targets: Tree }).Targets);
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    for (const key of Object.keys(source))
      expect(args(target[key]!), key).toEqual(args(source[key]!));
  });
});
