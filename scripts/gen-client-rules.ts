// npm run gen:rules: writes the *.gen.ts files (each feature's in its modules/<f>/client/, the
// shared ones in lib/client/generated/), the zod-free checks that first-load
// code runs on API answers (lib/client/rules.ts), derived from the zod schemas they mirror.
// Zod (even zod/mini) does not fit the first-load budget (bench:web), and a hand-written copy of
// a schema drifts; so the copies are generated from the schemas' definitions (`_zod.def`) and
// tests/unit/client-rules-generated.test.ts fails when a committed file differs from what this
// script writes now. A construct the combinators cannot express exactly (a union, a transform,
// a refinement, a strict object, a min length on an array...) stops the generator with the
// schema's name and path: a rule is never looser or stricter than its schema.
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import type { z } from "zod";
import * as authSchemas from "../lib/auth/schemas";
import * as callSchemas from "../modules/calls/lib/schemas";
import * as dashboardSchemas from "../modules/dashboard/lib/schemas";
import * as facilityLimits from "../modules/facility/lib/limits";
import * as floorSchemas from "../modules/floor/lib/schemas";
import * as monitorSchemas from "../modules/floor/lib/monitor-schemas";
import * as facilitySchemas from "../modules/facility/lib/schemas";
import * as placeSchemas from "../modules/places/lib/schemas";
import * as recordSchemas from "../modules/records/lib/schemas";
import * as recordingSchemas from "../modules/recordings/lib/schemas";
import * as telephonySchemas from "../modules/telephony/lib/schemas";
import * as dncSchemas from "../modules/do-not-call/lib/schemas";
import * as powerDialSchemas from "../modules/power-dial/lib/schemas";

const root = path.resolve(import.meta.dirname, "..");
export const generatedDir = "lib/client/generated";

type Module = Record<string, unknown>;
/**
 * One generated file: its rules (exported name -> schema), the modules they come from and, for
 * a schema's `.refine(check)`, the zod-free modules that export `check` (the schema and the rule
 * then run the same function).
 */
export type Group = {
  file: string;
  /** The folder of the feature whose answers these are (its client/); shared: lib/client/generated. */
  dir?: string;
  about: string;
  modules: Record<string, Module>;
  checks?: Record<string, Module>;
  rules: Record<string, z.ZodType>;
};

export const groups: Group[] = [
  {
    file: "auth",
    about: "POST /api/auth/logout's answer",
    modules: { "@/lib/auth/schemas": authSchemas },
    rules: { logoutAnswer: authSchemas.logoutResponseSchema },
  },
  {
    file: "calls",
    dir: "modules/calls/client",
    about: "The calls API's answers (the Targets page reads the call stats at first paint)",
    modules: {
      "@/modules/calls/lib/schemas": callSchemas,
      "@/modules/recordings/lib/schemas": recordingSchemas,
    },
    rules: {
      callDtoRule: callSchemas.callDtoSchema,
      callAnswer: callSchemas.callResponseSchema,
      callListAnswer: callSchemas.callListResponseSchema,
      callsAnswer: callSchemas.callsResponseSchema,
      callStatsAnswer: callSchemas.callStatsResponseSchema,
      missedCallsAnswer: callSchemas.missedCallsResponseSchema,
    },
  },
  {
    file: "callbacks",
    dir: "modules/callbacks/client",
    about: "GET /api/callbacks's answer (the reminders run on every /app page)",
    modules: { "@/modules/records/lib/schemas": recordSchemas },
    rules: { callbacksAnswer: recordSchemas.callbacksResponseSchema },
  },
  {
    file: "dashboard",
    dir: "modules/dashboard/client",
    about: "GET /api/dashboard's answer (/app, the first screen after sign-in)",
    modules: { "@/modules/dashboard/lib/schemas": dashboardSchemas },
    rules: { dashboardAnswer: dashboardSchemas.dashboardResponseSchema },
  },
  {
    file: "do-not-call",
    dir: "modules/do-not-call/client",
    about: "The dialer's do-not-call check (asked before each call)",
    modules: { "@/modules/do-not-call/lib/schemas": dncSchemas },
    rules: { dncCheckAnswer: dncSchemas.dncCheckResponseSchema },
  },
  {
    file: "facility",
    dir: "modules/facility/client",
    about:
      "A place's facility data as the browser keeps it (the facility store is in the first load of /app/targets and of the dialer)",
    modules: { "@/modules/facility/lib/schemas": facilitySchemas },
    checks: { "@/modules/facility/lib/limits": facilityLimits },
    rules: { facilityDataRule: facilitySchemas.facilityDataSchema },
  },
  {
    file: "floor",
    dir: "modules/floor/client",
    about:
      "The live floor's answers (every /app page reports the rep's presence; the floor screen reads the team)",
    modules: { "@/modules/floor/lib/schemas": floorSchemas },
    rules: {
      presenceAnswer: floorSchemas.presenceResponseSchema,
      floorAnswer: floorSchemas.floorResponseSchema,
    },
  },
  {
    file: "monitor",
    dir: "modules/floor/client",
    about:
      "Call monitoring's answers (a rep's browser asks for monitoring requests on every /app page; the floor's manager runs sessions)",
    modules: { "@/modules/floor/lib/monitor-schemas": monitorSchemas },
    rules: {
      monitorSessionAnswer: monitorSchemas.monitorSessionResponseSchema,
      monitorRequestsAnswer: monitorSchemas.monitorRequestsResponseSchema,
      monitorKeyAnswer: monitorSchemas.monitorKeyResponseSchema,
    },
  },
  {
    file: "places",
    dir: "modules/places/client",
    about: "The Places answers and the places of Targets' stored values",
    modules: { "@/modules/places/lib/schemas": placeSchemas },
    rules: {
      placeRule: placeSchemas.placeSchema,
      searchAnswer: placeSchemas.searchResponseSchema,
      placeDetailsAnswer: placeSchemas.placeDetailsResponseSchema,
    },
  },
  {
    file: "power-dial",
    dir: "modules/power-dial/client",
    about: "The power-dial routes' answers (Targets' first load)",
    modules: { "@/modules/power-dial/lib/schemas": powerDialSchemas },
    rules: {
      dialSettingsAnswer: powerDialSchemas.dialSettingsSchema,
      previewAnswer: powerDialSchemas.previewResponseSchema,
      reservationAnswer: powerDialSchemas.reservationResponseSchema,
      releaseAnswer: powerDialSchemas.releaseResponseSchema,
      abandonmentAnswer: powerDialSchemas.abandonmentResponseSchema,
      dialingRulesAnswer: powerDialSchemas.dialingRulesResponseSchema,
      abandonmentMessageAnswer: powerDialSchemas.abandonmentMessageResponseSchema,
    },
  },
  {
    file: "telephony",
    dir: "modules/telephony/client",
    about: "The rep's SIP credentials and call authorisations (the SIP transport's chunk)",
    modules: { "@/modules/telephony/lib/schemas": telephonySchemas },
    rules: {
      credentialsAnswer: telephonySchemas.credentialsResponseSchema,
      authorizeAnswer: telephonySchemas.authorizeResponseSchema,
      authorizeTransferAnswer: telephonySchemas.authorizeTransferResponseSchema,
    },
  },
];

// zod 4's definitions, as far as this generator reads them.
type Check = { _zod: { def: Record<string, unknown> & { check: string } } };
type Def = Record<string, unknown> & { type: string; checks?: Check[] };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

class Unsupported extends Error {}

/** Every key of a definition must be one this generator understands (or unset). */
function onlyKeys(def: Def, keys: string[], where: string) {
  for (const [key, value] of Object.entries(def)) {
    if (value === undefined || keys.includes(key)) continue;
    if (key === "coerce" && value === false) continue;
    throw new Unsupported(`${where}: ${def.type} with "${key}" (${String(value)})`);
  }
}

const trimSource = "(input) => input.trim()";
const identifier = /^[A-Za-z_$][\w$]*$/;

function literalValue(value: unknown, where: string): string {
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new Unsupported(`${where}: literal ${String(value)}`);
}

function regexLiteral(pattern: unknown, where: string): string {
  if (!(pattern instanceof RegExp) || /[gy]/.test(pattern.flags))
    throw new Unsupported(`${where}: pattern ${String(pattern)}`);
  return `/${pattern.source}/${pattern.flags}`;
}

function options(entries: [string, string | undefined][]): string {
  const set = entries.filter(([, v]) => v !== undefined);
  return set.length ? `{ ${set.map(([k, v]) => `${k}: ${v}`).join(", ")} }` : "";
}

function stringRule(def: Def, where: string): string {
  if (def.format !== undefined) {
    // z.iso.datetime(), z.uuid(): the combinators' own patterns, copied from zod 4.
    onlyKeys(
      def,
      ["type", "checks", "error", "format", "check", "abort", "pattern"].concat(
        def.format === "datetime" ? ["offset", "local", "precision"] : ["version"],
      ),
      where,
    );
    if (def.checks?.length) throw new Unsupported(`${where}: ${String(def.format)} with checks`);
    if (def.format === "uuid" && def.version === undefined) return "r.uuid";
    if (def.format === "datetime" && !def.local && def.precision === null)
      return def.offset ? "r.isoDateTimeWithOffset" : "r.isoDateTime";
    throw new Unsupported(`${where}: string format ${String(def.format)}`);
  }
  onlyKeys(def, ["type", "checks", "error"], where);
  let trim: string | undefined;
  let min: string | undefined;
  let max: string | undefined;
  let pattern: string | undefined;
  (def.checks ?? []).forEach((check, i) => {
    const c = check._zod.def;
    if (c.check === "overwrite" && String(c.tx) === trimSource && i === 0) trim = "true";
    else if (c.check === "min_length" && min === undefined) min = String(c.minimum);
    else if (c.check === "max_length" && max === undefined) max = String(c.maximum);
    else if (c.check === "string_format" && c.format === "regex" && pattern === undefined)
      pattern = regexLiteral(c.pattern, where);
    // A trim after another check, a second bound, a format, toLowerCase, a refinement...
    else throw new Unsupported(`${where}: string check ${c.check} ${String(c.format ?? "")}`);
  });
  return `r.string(${options([
    ["trim", trim],
    ["min", min],
    ["max", max],
    ["pattern", pattern],
  ])})`;
}

function numberRule(def: Def, where: string): string {
  onlyKeys(def, ["type", "checks", "error", "check", "format", "abort"], where);
  if (def.format !== undefined && def.format !== "safeint")
    throw new Unsupported(`${where}: number format ${String(def.format)}`);
  let int = def.format === "safeint";
  let min: number | undefined;
  let max: number | undefined;
  let step: number | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "number_format" && c.format === "safeint") int = true;
    else if (c.check === "greater_than" && min === undefined) {
      min = c.inclusive ? Number(c.value) : Number(c.value) + 1;
      // An exclusive bound is `min` only for whole numbers (int is known by now: zod's order).
      if (!c.inclusive && !(int && Number.isInteger(c.value)))
        throw new Unsupported(`${where}: exclusive minimum on a non-integer`);
    } else if (c.check === "less_than" && max === undefined) {
      max = c.inclusive ? Number(c.value) : Number(c.value) - 1;
      if (!c.inclusive && !(int && Number.isInteger(c.value)))
        throw new Unsupported(`${where}: exclusive maximum on a non-integer`);
    } else if (c.check === "multiple_of" && step === undefined) step = Number(c.value);
    else throw new Unsupported(`${where}: number check ${c.check} ${String(c.format ?? "")}`);
  }
  if (int && min === 0 && max === undefined && step === undefined) return "r.count";
  return `r.number(${options([
    ["int", int ? "true" : undefined],
    ["min", min === undefined ? undefined : String(min)],
    ["max", max === undefined ? undefined : String(max)],
    ["step", step === undefined ? undefined : String(step)],
  ])})`;
}

/** The rules of one generated file, hoisting the sub-schemas used more than once. */
class Emitter {
  private names = new Map<unknown, string>();
  private emitted = new Set<unknown>();
  private uses = new Map<unknown, number>();
  readonly decls: string[] = [];
  readonly typeImports = new Map<string, Set<string>>();
  readonly valueImports = new Map<string, Set<string>>();

  constructor(private group: Group) {
    for (const [name, schema] of Object.entries(group.rules)) this.names.set(schema, name);
    for (const schema of Object.values(group.rules)) this.count(schema);
    let shared = 0;
    for (const [schema, uses] of this.uses) {
      if (uses < 2 || this.names.has(schema)) continue;
      const exported = this.exportName(schema);
      this.names.set(
        schema,
        exported ? exported.name.replace(/Schema$/, "Rule") : `shared${++shared}`,
      );
    }
  }

  private exportName(schema: unknown) {
    for (const [from, module] of Object.entries(this.group.modules))
      for (const [name, value] of Object.entries(module))
        if (value === schema) return { from, name };
    return undefined;
  }

  /** Counts each composite node once per place it appears (not inside a repeat). */
  private count(schema: unknown) {
    const def = defOf(schema);
    const composite = ["object", "array", "record"].includes(def.type);
    if (composite) {
      const seen = this.uses.get(schema) ?? 0;
      this.uses.set(schema, seen + 1);
      if (seen) return;
    }
    if (def.type === "object")
      for (const v of Object.values(def.shape as Record<string, unknown>)) this.count(v);
    if (def.type === "array") this.count(def.element);
    if (def.type === "record") this.count(def.valueType);
    if (["nullable", "optional", "default"].includes(def.type)) this.count(def.innerType);
  }

  /** Declares each exported rule, in the order of the group. */
  run() {
    for (const [name, schema] of Object.entries(this.group.rules)) this.declare(schema, name);
  }

  private declare(schema: unknown, where: string): string {
    const name = this.names.get(schema)!;
    if (this.emitted.has(schema)) return name;
    this.emitted.add(schema);
    const body = this.rule(schema, `${where}`, true);
    const rootOf = Object.entries(this.group.rules).find(([, s]) => s === schema);
    if (!rootOf) {
      this.decls.push(`const ${name} = ${body};`);
      return name;
    }
    const source = this.exportName(schema);
    if (!source)
      throw new Unsupported(
        `${name}: its schema is not exported by ${Object.keys(this.group.modules).join(", ")}`,
      );
    const types = this.typeImports.get(source.from) ?? new Set();
    types.add(source.name);
    this.typeImports.set(source.from, types);
    this.decls.push(
      `/** \`${source.name}\` (${source.from}). */\nexport const ${name}: r.Rule<z.output<typeof ${source.name}>> = ${body};`,
    );
    return name;
  }

  private rule(schema: unknown, where: string, declaring = false): string {
    if (!declaring && this.names.has(schema)) return this.declare(schema, where);
    const all = defOf(schema);
    // `.refine(check)` last: r.refine runs it on the checked value, as zod does after the others.
    const checks = all.checks ?? [];
    let split = checks.length;
    while (split > 0 && checks[split - 1]._zod.def.check === "custom") split--;
    if (split === checks.length) return this.plainRule({ ...all }, where);
    let out = this.plainRule({ ...all, checks: checks.slice(0, split) }, where);
    for (const check of checks.slice(split))
      out = `r.refine(${out}, ${this.predicate(check, where)})`;
    return out;
  }

  /** The name of a refinement's check, imported from a module of the group's `checks`. */
  private predicate(check: Check, where: string): string {
    const def = check._zod.def;
    onlyKeys(def as unknown as Def, ["type", "check", "fn", "error"], where);
    for (const [from, module] of Object.entries(this.group.checks ?? {}))
      for (const [name, value] of Object.entries(module))
        if (typeof value === "function" && value === def.fn) {
          const names = this.valueImports.get(from) ?? new Set();
          names.add(name);
          this.valueImports.set(from, names);
          return name;
        }
    throw new Unsupported(
      `${where}: a refinement whose check is not an exported function of the group's checks modules`,
    );
  }

  private plainRule(def: Def, where: string): string {
    const inner = (key: string, label = where) => this.rule(def[key], label);
    const noChecks = () => {
      if (def.checks?.length)
        throw new Unsupported(
          `${where}: ${def.type} with checks (${def.checks.map((c) => c._zod.def.check).join(", ")}), e.g. a refinement`,
        );
    };
    switch (def.type) {
      case "string":
        return stringRule(def, where);
      case "number":
        return numberRule(def, where);
      case "boolean":
        onlyKeys(def, ["type", "checks", "error"], where);
        noChecks();
        return "r.boolean";
      case "unknown":
        onlyKeys(def, ["type"], where);
        return "r.unknownValue";
      case "literal": {
        onlyKeys(def, ["type", "values", "error"], where);
        const values = def.values as unknown[];
        if (values.length !== 1)
          throw new Unsupported(`${where}: literal of ${values.length} values`);
        return `r.literal(${literalValue(values[0], where)})`;
      }
      case "enum": {
        onlyKeys(def, ["type", "entries", "error", "checks"], where);
        noChecks();
        const values = Object.values(def.entries as Record<string, unknown>);
        if (!values.every((v) => typeof v === "string"))
          throw new Unsupported(`${where}: enum of non-strings`);
        return `r.oneOf(${JSON.stringify(values)})`;
      }
      case "nullable":
      case "optional":
        onlyKeys(def, ["type", "innerType"], where);
        return `r.${def.type}(${inner("innerType")})`;
      case "default": {
        onlyKeys(def, ["type", "innerType", "defaultValue"], where);
        const value = def.defaultValue;
        const json = JSON.stringify(value);
        if (
          json === undefined ||
          JSON.stringify(JSON.parse(json)) !== json ||
          typeof value === "function"
        )
          throw new Unsupported(`${where}: default that is not JSON`);
        return `r.withDefault(${inner("innerType")}, ${json})`;
      }
      case "array": {
        onlyKeys(def, ["type", "element", "checks", "error"], where);
        let max: string | undefined;
        for (const check of def.checks ?? []) {
          const c = check._zod.def;
          if (c.check === "max_length" && max === undefined) max = String(c.maximum);
          else throw new Unsupported(`${where}: array check ${c.check}`);
        }
        const element = inner("element", `${where}[]`);
        return max === undefined ? `r.array(${element})` : `r.array(${element}, { max: ${max} })`;
      }
      case "object": {
        // No catchall: z.strictObject and z.looseObject keep or refuse unknown keys; r.object drops them.
        onlyKeys(def, ["type", "shape", "checks", "error"], where);
        noChecks();
        const shape = def.shape as Record<string, unknown>;
        const fields = Object.entries(shape).map(([key, value]) => {
          const label = identifier.test(key) ? key : JSON.stringify(key);
          return `${label}: ${this.rule(value, `${where}.${key}`)}`;
        });
        return `r.object({ ${fields.join(", ")} })`;
      }
      case "record": {
        onlyKeys(def, ["type", "keyType", "valueType", "partial", "checks", "error"], where);
        noChecks();
        const key = defOf(def.keyType);
        const value = inner("valueType", `${where}[key]`);
        if (
          key.type === "string" &&
          !key.checks?.length &&
          key.format === undefined &&
          !def.partial
        ) {
          onlyKeys(key, ["type", "checks", "error"], `${where} (key)`);
          return `r.record(${value})`;
        }
        if (key.type === "enum" && def.partial && !key.checks?.length) {
          const keys = Object.values(key.entries as Record<string, unknown>);
          if (keys.every((k) => typeof k === "string"))
            return `r.partialRecord(${JSON.stringify(keys)}, ${value})`;
        }
        throw new Unsupported(
          `${where}: record with ${key.type} keys${def.partial ? " (partial)" : ""}`,
        );
      }
      default:
        throw new Unsupported(`${where}: zod type "${def.type}"`);
    }
  }
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The generated files' text by path (relative to the repository), formatted as committed. */
export async function generateClientRules(which: Group[] = groups): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const prettierConfig = await prettier.resolveConfig(path.join(root, generatedDir, "x.ts"));
  for (const group of which) {
    const emitter = new Emitter(group);
    try {
      emitter.run();
    } catch (error) {
      if (error instanceof Unsupported)
        throw new Error(`gen:rules (${group.file}): cannot derive a rule from ${error.message}`);
      throw error;
    }
    const imports = [
      ...[...emitter.valueImports].map(
        ([from, names]) => `import { ${[...names].join(", ")} } from "${from}";`,
      ),
      ...[...emitter.typeImports].map(
        ([from, names]) => `import type { ${[...names].join(", ")} } from "${from}";`,
      ),
    ].join("\n");
    const about = `${group.about}, checked with lib/client/rules.ts as their zod schemas check them (${Object.keys(group.modules).join(", ")}); zod is only a type here.`;
    const text = [
      `// Generated by scripts/gen-client-rules.ts (npm run gen:rules); do not edit.`,
      ...wrap(about, 97).map((line) => `// ${line}`),
      `import type { z } from "zod";`,
      `import * as r from "@/lib/client/rules";`,
      imports,
      "",
      ...emitter.decls.map((d) => `${d}\n`),
    ].join("\n");
    const file = path.join(group.dir ?? generatedDir, `${group.file}.gen.ts`);
    out.set(
      file,
      await prettier.format(text, { ...prettierConfig, filepath: path.join(root, file) }),
    );
  }
  return out;
}

/** Every folder generated files go to. */
export const generatedDirs = [...new Set(groups.map((group) => group.dir ?? generatedDir))].sort();

/** The generated files in those folders now (relative to the repository). */
export function committedGeneratedFiles(): string[] {
  return generatedDirs
    .flatMap((dir) =>
      fs.existsSync(path.join(root, dir))
        ? fs
            .readdirSync(path.join(root, dir))
            .filter((name) => name.endsWith(".gen.ts"))
            .map((name) => path.join(dir, name))
        : [],
    )
    .sort();
}

async function main() {
  const files = await generateClientRules();
  for (const dir of generatedDirs) fs.mkdirSync(path.join(root, dir), { recursive: true });
  for (const file of committedGeneratedFiles())
    if (!files.has(file)) fs.rmSync(path.join(root, file));
  for (const [file, text] of files) {
    const target = path.join(root, file);
    const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
    if (before !== text) fs.writeFileSync(target, text);
    console.log(`${before === text ? "unchanged" : "wrote    "} ${file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
