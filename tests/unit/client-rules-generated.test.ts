import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  committedGeneratedFiles,
  generateClientRules,
  type Group,
} from "@/scripts/gen-client-rules";

// The *.gen.ts rules (each feature's client/, lib/client/generated) are derived from the zod schemas (scripts/gen-client-rules.ts).
// A schema edited without `npm run gen:rules` fails here; tests/unit/client-rules.test.ts holds
// the generated rules to their schemas on samples.

const root = path.resolve(import.meta.dirname, "../..");

describe("the generated client rules", () => {
  it("are what the generator writes from the schemas now (run npm run gen:rules)", async () => {
    const files = await generateClientRules();
    expect(committedGeneratedFiles()).toEqual([...files.keys()].sort());
    for (const [file, text] of files) {
      expect(fs.readFileSync(path.join(root, file), "utf8"), file).toBe(text);
    }
  });

  it("load no zod and no schema module at run time", () => {
    for (const name of committedGeneratedFiles()) {
      const text = fs.readFileSync(path.join(root, name), "utf8");
      for (const [line] of text.matchAll(/^import .*$/gm)) {
        if (/from "zod"|schemas"/.test(line)) expect(line, name).toMatch(/^import type /);
      }
    }
  });
});

/** A refinement's check as the generator accepts it: exported by a module the group names. */
function named(value: string) {
  return value !== "x";
}

const generate = (schema: z.ZodType) =>
  generateClientRules([
    {
      file: "probe",
      about: "A probe",
      modules: { "@/probe": { schema } },
      checks: { "@/probe-checks": { named } },
      rules: { probe: schema },
    },
  ] satisfies Group[]);

describe("the generator refuses what the combinators cannot express exactly", () => {
  it.each([
    ["a union", z.object({ a: z.union([z.string(), z.number()]) }), 'probe.a: zod type "union"'],
    [
      "a refinement by a closure",
      z.object({ a: z.string() }).refine((v) => v.a !== ""),
      "probe: a refinement whose check is not an exported function",
    ],
    [
      "a superRefine",
      z.object({ a: z.string() }).superRefine(() => {}),
      "probe: a refinement whose check is not an exported function",
    ],
    [
      "a refinement before another check",
      z.object({ a: z.string().refine(named).min(1) }),
      "probe.a: string check custom",
    ],
    [
      "a transform",
      z.object({ a: z.string().transform((v) => v.length) }),
      'probe.a: zod type "pipe"',
    ],
    [
      "a strict object",
      z.object({ a: z.strictObject({ b: z.string() }) }),
      'probe.a: object with "catchall"',
    ],
    [
      "an array's minimum",
      z.object({ a: z.array(z.string()).min(1) }),
      "probe.a: array check min_length",
    ],
    ["an e-mail format", z.object({ a: z.email() }), "probe.a: string format email"],
    ["lower-casing", z.object({ a: z.string().toLowerCase() }), "probe.a: string check overwrite"],
    [
      "a trim after a bound",
      z.object({ a: z.string().min(1).trim() }),
      "probe.a: string check overwrite",
    ],
    [
      "an exclusive bound on a fraction",
      z.object({ a: z.number().positive() }),
      "probe.a: exclusive minimum",
    ],
    [
      "a record of every enum key",
      z.object({ a: z.record(z.enum(["x"]), z.number()) }),
      "probe.a: record with enum keys",
    ],
    ["a coerced number", z.object({ a: z.coerce.number() }), 'probe.a: number with "coerce"'],
  ])("%s", async (_label, schema, message) => {
    await expect(generate(schema)).rejects.toThrow(
      `gen:rules (probe): cannot derive a rule from ${message}`,
    );
  });

  it("derives what it can, with the schema's bounds", async () => {
    const schema = z.object({
      a: z.string().trim().min(1).max(5).regex(/^x/i),
      b: z.number().int().positive().max(9).multipleOf(3),
      c: z.array(z.literal(true)).max(2).default([]),
      e: z.string().max(3).refine(named),
      d: z
        .partialRecord(z.enum(["x", "y"]), z.iso.datetime())
        .nullable()
        .optional(),
    });
    const text = [...(await generate(schema)).values()][0];
    expect(text).toContain("a: r.string({ trim: true, min: 1, max: 5, pattern: /^x/i })");
    expect(text).toContain("b: r.number({ int: true, min: 1, max: 9, step: 3 })");
    expect(text).toContain("c: r.withDefault(r.array(r.literal(true), { max: 2 }), [])");
    expect(text).toContain("e: r.refine(r.string({ max: 3 }), named)");
    expect(text).toContain('import { named } from "@/probe-checks";');
    expect(text).toContain('d: r.optional(r.nullable(r.partialRecord(["x", "y"], r.isoDateTime)))');
  });
});
