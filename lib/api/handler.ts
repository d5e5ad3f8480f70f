import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { sessionCookie } from "@/lib/auth/cookies";
import { authenticateOperator, authenticateUser } from "@/lib/auth/sessions";
import type { OperatorSession, UserSession } from "@/lib/auth/sessions";
import { clientIp } from "./client-ip";
import { ApiError, handleApiError } from "./errors";
import { readJsonBody } from "./read-json";

// Every route.ts is `export const POST = withUser({ body: schema }, handler)`: the wrapper
// authenticates the bearer token, parses body and query with zod and maps every error.

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;
type Options<B, Q> = {
  body?: B;
  query?: Q;
  /**
   * Also accept the httpOnly session cookie when no bearer token is sent. Only for POSTs that
   * end a session: SameSite=Lax keeps cross-site POSTs from carrying it, so this cannot be
   * used for CSRF, and it lets a tab whose local storage was wiped still sign out.
   */
  cookieFallback?: boolean;
};

type Base<B, Q> = { req: NextRequest; ip: string; body: Infer<B>; query: Infer<Q> };
export type PublicContext<B = undefined, Q = undefined> = Base<B, Q>;
export type UserContext<B = undefined, Q = undefined> = Base<B, Q> & { session: UserSession };
export type OperatorContext<B = undefined, Q = undefined> = Base<B, Q> & {
  session: OperatorSession;
};

function bearer(req: NextRequest) {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(req.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

async function base<B extends Schema | undefined, Q extends Schema | undefined>(
  req: NextRequest,
  opts: Options<B, Q>,
): Promise<Base<B, Q>> {
  const body = opts.body ? opts.body.parse(await readJsonBody(req)) : undefined;
  const query = opts.query
    ? opts.query.parse(Object.fromEntries(req.nextUrl.searchParams.entries()))
    : undefined;
  return { req, ip: clientIp(req.headers), body: body as Infer<B>, query: query as Infer<Q> };
}

function wrap(run: (req: NextRequest) => Promise<Response>) {
  return async (req: NextRequest) => {
    try {
      return await run(req);
    } catch (err) {
      return handleApiError(err, { method: req.method, path: req.nextUrl.pathname });
    }
  };
}

const unauthorized = () => new ApiError("unauthorized", "Unauthorized");

export function withPublic<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(opts: Options<B, Q>, handler: (ctx: PublicContext<B, Q>) => Promise<Response>) {
  return wrap(async (req) => handler(await base(req, opts)));
}

export function withUser<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(opts: Options<B, Q>, handler: (ctx: UserContext<B, Q>) => Promise<Response>) {
  return wrap(async (req) => {
    const token =
      bearer(req) ?? (opts.cookieFallback ? req.cookies.get(sessionCookie)?.value : null);
    const session = token ? await authenticateUser(token) : null;
    if (!session) throw unauthorized();
    return handler({ ...(await base(req, opts)), session });
  });
}

export function withOperator<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(opts: Options<B, Q>, handler: (ctx: OperatorContext<B, Q>) => Promise<Response>) {
  return wrap(async (req) => {
    const token = bearer(req);
    const session = token ? await authenticateOperator(token) : null;
    if (!session) throw unauthorized();
    return handler({ ...(await base(req, opts)), session });
  });
}
