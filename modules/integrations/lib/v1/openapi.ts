/**
 * The REST API's OpenAPI 3.1 document, generated from the route table (./routes.ts): the same
 * zod schemas the routes parse with (zod 4's own `z.toJSONSchema`, JSON Schema 2020-12 as
 * OpenAPI 3.1 uses). Requests are described as the route accepts them (`io: "input"`: defaults
 * optional, transforms from their input), answers as the route sends them. Served at
 * GET /api/v1/openapi.json.
 */
import { z } from "zod";
import { API_KEY_SCOPES } from "../api-key-schemas";
import { webhookPayloadSchemas } from "../webhooks/schemas";
import { v1ErrorSchema } from "./schemas";
import { v1Routes, type V1Route } from "./routes";

type Json = Record<string, unknown>;

/** One zod schema as JSON Schema, without the `$schema` header a nested schema must not carry. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as Json;
  return rest;
}

type ObjectSchema = { properties?: Record<string, Json>; required?: string[] };

/** The parameters of one location (`path` or `query`) from an object schema. */
export function parametersOf(schema: z.ZodType | undefined, location: "path" | "query") {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input") as ObjectSchema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    schema: s,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export function operationOf(r: V1Route) {
  const success = {
    description: "OK",
    content: { "application/json": { schema: jsonSchemaOf(r.response, "output") } },
  };
  const responses: Record<string, unknown> = { [String(r.status)]: success };
  for (const s of r.alsoStatus ?? []) responses[String(s)] = success;
  Object.assign(responses, {
    "400": errorResponse("The request does not match its schema (`fields` names each problem)"),
    "401": errorResponse("No API key, or an unknown or revoked one"),
    "403": errorResponse(`The key lacks the \`${r.scope}\` scope`),
    ...(r.params ? { "404": errorResponse("Not found in the key's organization") } : {}),
    "429": errorResponse("Too many requests: wait for Retry-After seconds"),
  });
  return {
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    security: [{ apiKey: [r.scope] }],
    "x-dialflow-scope": r.scope,
    parameters: [...parametersOf(r.params, "path"), ...parametersOf(r.query, "query")],
    ...(r.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(r.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of Object.values(v1Routes) as V1Route[]) {
    (paths[r.path] ??= {})[r.method.toLowerCase()] = operationOf(r);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "DialFlow REST API",
      version: "1",
      description:
        "The team's calls, do-not-call list and account records. Authenticate with an API key " +
        "from Settings → Advanced → API keys: `Authorization: Bearer df_live_...`. Each key " +
        "reaches its own organization only, with the scopes it was given.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    // What DialFlow posts to a registered endpoint, signed (modules/integrations/README.md).
    webhooks: Object.fromEntries(
      Object.entries(webhookPayloadSchemas).map(([event, schema]) => [
        event,
        {
          post: {
            summary: `The ${event} event`,
            description:
              "Headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks). Answer 2xx; anything else is retried with back-off for about a day.",
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchemaOf(schema, "output") } },
            },
            responses: { "200": { description: "Received" } },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "df_live_<43 characters>",
          description: `Scopes: ${API_KEY_SCOPES.join(", ")}.`,
        },
      },
      schemas: { Error: jsonSchemaOf(v1ErrorSchema, "output") },
    },
  };
}
