import "server-only";
import type { z } from "zod";
import { can } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/api/errors";
import { base, bearer, wrap, type AnySchema, type Base } from "@/lib/api/handler";
import type { RateLimitRule } from "@/lib/api/rate-limit";
import { respond } from "@/lib/api/respond";
import { authenticateApiKey, type ApiKeyPrincipal } from "../api-keys";
import type { V1Route } from "./routes";

// The REST API's wrapper: `export const GET = withApiKey(v1Routes.listCalls, {...}, h)`.
// It authenticates an API key (401 unknown or revoked, or its creator deactivated), requires the
// route's scope and the creator's current role to allow the route (403), counts
// the route's rate limit per key, parses params, query and body with the route table's schemas,
// and checks the answer against the table's response schema: the OpenAPI document generated from
// that table (./openapi.ts) is therefore what the route does.

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ApiKeyContext<P, Q, B> = Omit<Base<B, Q, P>, "params" | "query" | "body"> & {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  key: ApiKeyPrincipal;
  /** The key's organization, and its creator as the member writes are made as. */
  session: ApiKeyPrincipal["session"];
};

/** An answer whose status is not the route's usual one (200 for a number already listed). */
export class WithStatus<T> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}

/** A handler's answer: the body, or the body with its status. */
export type ApiKeyResult<R extends z.ZodType> = z.input<R> | WithStatus<z.input<R>>;

export function withApiKey<
  P extends AnySchema,
  Q extends AnySchema,
  B extends AnySchema,
  R extends z.ZodType,
>(
  definition: V1Route<P, Q, B, R>,
  opts: { rateLimit?: RateLimitRule },
  handler: (ctx: ApiKeyContext<P, Q, B>) => Promise<ApiKeyResult<R>>,
) {
  const run = wrap(async (req, route) => {
    const secret = bearer(req);
    const key = secret ? await authenticateApiKey(secret) : null;
    if (!key) {
      throw new ApiError("unauthorized", "A valid API key is required", {
        code: "invalid_api_key",
        headers: { "WWW-Authenticate": 'Bearer realm="DialFlow API"' },
      });
    }
    if (!key.scopes.has(definition.scope)) {
      throw new ApiError("forbidden", `This API key lacks the ${definition.scope} scope`, {
        code: "insufficient_scope",
        details: { scope: definition.scope },
      });
    }
    // The key acts as its creator does today: a demoted manager's key loses what the demotion took.
    if (!can(key.session.role, definition.permission)) {
      throw new ApiError("forbidden", "The key's creator may no longer do this", {
        code: "role_forbidden",
      });
    }
    const ctx = await base(
      req,
      route,
      {
        params: definition.params,
        query: definition.query,
        body: definition.body,
        rateLimit: opts.rateLimit,
      },
      `apikey:${key.keyId}`,
    );
    const result = await handler({ ...ctx, key, session: key.session } as ApiKeyContext<P, Q, B>);
    const [status, data] =
      result instanceof WithStatus ? [result.status, result.data] : [definition.status, result];
    return respond(definition.response, data as z.input<R>, { status });
  });
  return Object.assign(run, { definition });
}
