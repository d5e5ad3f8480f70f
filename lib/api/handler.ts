import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { sessionCookie } from "@/lib/auth/cookies";
import { can, type Permission } from "@/lib/auth/permissions";
import { authenticateOperator, authenticateUser } from "@/lib/auth/sessions";
import type { OperatorSession, UserSession } from "@/lib/auth/sessions";
import { clientIp } from "./client-ip";
import { ApiError, handleApiError } from "./errors";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";
import { readJsonBody, refuseUnstorableText } from "./read-json";

// Every route.ts is `export const POST = withUser({ body: schema }, handler)`: the wrapper
// authenticates the bearer token, applies the route's rate limit, parses params, body and
// query with zod and maps every error.

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;
export type Options<B, Q, P = undefined> = {
  body?: B;
  query?: Q;
  /** The dynamic segments of the route (`[placeId]`), validated like body and query. */
  params?: P;
  /**
   * Requests allowed per window, counted in the database (shared by every instance): per
   * signed-in account on withUser/withOperator, per client address on withPublic (where one is
   * known: lib/api/client-ip.ts). Past the limit: 429 with Retry-After, before the body is read.
   */
  rateLimit?: RateLimitRule;
  /**
   * Also accept the httpOnly session cookie when no bearer token is sent. Only for POSTs that
   * end a session: SameSite=Lax keeps cross-site POSTs from carrying it, so this cannot be
   * used for CSRF, and it lets a tab whose local storage was wiped still sign out.
   */
  cookieFallback?: boolean;
};

export type Base<B, Q, P> = {
  req: NextRequest;
  /** The client's address where the deployment vouches for one (lib/api/client-ip.ts), else null. */
  ip: string | null;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
};
export type PublicContext<B = undefined, Q = undefined, P = undefined> = Base<B, Q, P>;
export type UserContext<B = undefined, Q = undefined, P = undefined> = Base<B, Q, P> & {
  session: UserSession;
};
export type OperatorContext<B = undefined, Q = undefined, P = undefined> = Base<B, Q, P> & {
  session: OperatorSession;
};

/** What Next passes a route handler as its second argument. */
export type RouteContext = { params?: Promise<Record<string, string | string[]>> };

/** The bearer token of a request (also read by modules/integrations/lib/v1/with-api-key.ts). */
export function bearer(req: NextRequest) {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(req.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

export type AnySchema = Schema | undefined;

/** Rate limit, then params, query and body parsed (shared with modules/integrations/lib/v1/with-api-key.ts). */
export async function base<B extends AnySchema, Q extends AnySchema, P extends AnySchema>(
  req: NextRequest,
  route: RouteContext,
  opts: Options<B, Q, P>,
  rateLimitSubject: string,
): Promise<Base<B, Q, P>> {
  const ip = clientIp(req.headers);
  // A public route's limit is per client address; where none can be trusted it is not applied
  // (one counter shared by every client would let anyone lock everyone out). Sign-in keeps its
  // per-account throttle either way (lib/auth/throttle.ts).
  const subject = rateLimitSubject || (ip === null ? null : `ip:${ip}`);
  if (opts.rateLimit && subject) await enforceRateLimit(opts.rateLimit, subject);
  // Text the database cannot store (NUL, lone surrogates) is refused once, before any schema: the
  // body by readJsonBody, params and query here. What a route does not parse it never reads.
  const params = opts.params
    ? opts.params.parse(refuseUnstorableText((await route.params) ?? {}))
    : undefined;
  const query = opts.query
    ? opts.query.parse(refuseUnstorableText(Object.fromEntries(req.nextUrl.searchParams.entries())))
    : undefined;
  const body = opts.body ? opts.body.parse(await readJsonBody(req)) : undefined;
  return {
    req,
    ip,
    body: body as Infer<B>,
    query: query as Infer<Q>,
    params: params as Infer<P>,
  };
}

/** Maps whatever `run` throws to the one error response. */
export function wrap(run: (req: NextRequest, route: RouteContext) => Promise<Response>) {
  return async (req: NextRequest, route: RouteContext = {}) => {
    try {
      return await run(req, route);
    } catch (err) {
      return handleApiError(err, { method: req.method, path: req.nextUrl.pathname });
    }
  };
}

const unauthorized = () => new ApiError("unauthorized", "Unauthorized");

export function withPublic<
  B extends AnySchema = undefined,
  Q extends AnySchema = undefined,
  P extends AnySchema = undefined,
>(opts: Options<B, Q, P>, handler: (ctx: PublicContext<B, Q, P>) => Promise<Response>) {
  return wrap(async (req, route) => handler(await base(req, route, opts, "")));
}

/**
 * A member's route. `permission` is required: every route says which entry of the role table
 * (lib/auth/permissions.ts) it needs, and a member whose role lacks it gets 403 before the
 * route reads its input. Rules that depend on the target (another rep's detail) use `can`.
 */
export function withUser<
  B extends AnySchema = undefined,
  Q extends AnySchema = undefined,
  P extends AnySchema = undefined,
>(
  opts: Options<B, Q, P> & { permission: Permission },
  handler: (ctx: UserContext<B, Q, P>) => Promise<Response>,
) {
  return wrap(async (req, route) => {
    const token =
      bearer(req) ?? (opts.cookieFallback ? req.cookies.get(sessionCookie)?.value : null);
    const session = token ? await authenticateUser(token) : null;
    if (!session) throw unauthorized();
    // The team requires a second factor this member has not set up: their own account only.
    if (session.mustEnrolTwoFactor && opts.permission !== "account.own") {
      throw new ApiError("forbidden", "Your team requires two-factor sign-in: set it up first", {
        code: "two_factor_required",
      });
    }
    if (!can(session.role, opts.permission)) {
      throw new ApiError("forbidden", "Your role in the team does not allow this", {
        code: "role_forbidden",
      });
    }
    return handler({ ...(await base(req, route, opts, `user:${session.userId}`)), session });
  });
}

export function withOperator<
  B extends AnySchema = undefined,
  Q extends AnySchema = undefined,
  P extends AnySchema = undefined,
>(
  opts: Options<B, Q, P> & {
    /** Answers an operator who must still set up a second factor (its set-up, ping, sign-out). */
    beforeSecondFactor?: boolean;
  },
  handler: (ctx: OperatorContext<B, Q, P>) => Promise<Response>,
) {
  return wrap(async (req, route) => {
    const token = bearer(req);
    const session = token ? await authenticateOperator(token) : null;
    if (!session) throw unauthorized();
    if (session.mustEnrolTwoFactor && !opts.beforeSecondFactor) {
      throw new ApiError("forbidden", "Operators must use two-factor sign-in: set it up first", {
        code: "two_factor_required",
      });
    }
    return handler({
      ...(await base(req, route, opts, `operator:${session.operatorId}`)),
      session,
    });
  });
}
