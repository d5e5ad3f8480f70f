// The REST API's reference: every route under app/api/v1 is in the OpenAPI document
// with the very schemas it validates with, and the document has no operation without a route.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  buildOpenApiDocument,
  jsonSchemaOf,
  parametersOf,
} from "@/modules/integrations/lib/v1/openapi";
import { v1Routes, type V1Route } from "@/modules/integrations/lib/v1/routes";
import { WEBHOOK_EVENTS, webhookPayloadSchemas } from "@/modules/integrations/lib/webhooks/schemas";

const root = path.resolve(__dirname, "../../app/api/v1");
const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

/** app/api/v1/calls/[id]/route.ts -> /api/v1/calls/{id} */
const pathOf = (file: string) =>
  "/api/v1" +
  path
    .dirname(path.relative(root, file))
    .split(path.sep)
    .filter((s) => s !== ".")
    .map((s) => `/${s.replace(/^\[(.+)\]$/, "{$1}")}`)
    .join("");

type Operation = {
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { "application/json": { schema: unknown } } };
  responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
  "x-dialflow-scope": string;
};

const doc = buildOpenApiDocument("https://dialflow.example");
const operation = (p: string, m: string) =>
  (doc.paths[p] as Record<string, Operation> | undefined)?.[m.toLowerCase()];

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with a bearer scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("has every v1 route file's every method, with the schemas the route validates", async () => {
    const seen = new Set<string>();
    const files = routeFiles(root);
    expect(files.length).toBeGreaterThan(4);
    for (const file of files) {
      const mod = (await import(file)) as Record<string, { definition?: V1Route } | undefined>;
      const p = pathOf(file);
      if (p === "/api/v1/openapi.json") continue;
      for (const m of methods) {
        const handler = mod[m];
        if (!handler) continue;
        const def = handler.definition;
        expect(def, `${m} ${p} is built with withApiKey`).toBeDefined();
        expect(def!.path).toBe(p);
        expect(def!.method).toBe(m);
        const op = operation(p, m);
        expect(op, `${m} ${p} in the document`).toBeDefined();
        seen.add(`${m} ${p}`);
        // What the route parses with is what the document describes.
        expect(op!["x-dialflow-scope"]).toBe(def!.scope);
        expect(op!.parameters).toEqual([
          ...parametersOf(def!.params, "path"),
          ...parametersOf(def!.query, "query"),
        ]);
        expect(op!.requestBody?.content["application/json"].schema).toEqual(
          def!.body ? jsonSchemaOf(def!.body as z.ZodType, "input") : undefined,
        );
        expect(op!.responses[String(def!.status)]?.content?.["application/json"].schema).toEqual(
          jsonSchemaOf(def!.response, "output"),
        );
      }
    }
    // And no operation in the document lacks a route.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual([...seen].sort());
    expect(documented).toHaveLength(Object.keys(v1Routes).length);
  });

  it("describes path and query parameters from the schemas' fields", () => {
    const list = operation("/api/v1/calls", "GET")!;
    const names = list.parameters.map((p) => p.name);
    expect(names).toEqual(["from", "to", "disposition", "cursor", "limit"]);
    expect(names).not.toContain("scope");
    const one = operation("/api/v1/calls/{id}", "GET")!;
    expect(one.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
    ]);
    const add = operation("/api/v1/do-not-call", "POST")!;
    expect(add.requestBody?.content["application/json"].schema).toMatchObject({
      type: "object",
      required: ["number"],
      properties: { number: { type: "string", maxLength: 40 } },
    });
    expect(Object.keys(add.responses)).toEqual(expect.arrayContaining(["201", "200", "403"]));
  });
});

describe("the webhooks section", () => {
  it("documents every event with the schema its bodies are checked against", () => {
    const webhooks = doc.webhooks as Record<
      string,
      { post: { requestBody: { content: { "application/json": { schema: unknown } } } } }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      expect(webhooks[event]!.post.requestBody.content["application/json"].schema).toEqual(
        jsonSchemaOf(webhookPayloadSchemas[event], "output"),
      );
    }
  });
});
