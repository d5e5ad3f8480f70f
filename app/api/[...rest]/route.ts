// Any /api path without a route of its own: 404 JSON, never the landing page's HTML.
import { errorResponse } from "@/lib/api/errors";

const notFound = async () => errorResponse("not_found", "Not found");

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
