// GET /api/places/search?q=&pageToken= - one page (up to 20) of businesses matching q
import { NextResponse } from "next/server";
import { withUser } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { searchPlaces } from "@/modules/places/lib/places-service";
import { searchQuerySchema } from "@/modules/places/lib/schemas";

export const GET = withUser(
  {
    permission: "targets.work",
    query: searchQuerySchema,
    rateLimit: { name: "places-search", max: env.PLACES_SEARCH_PER_MINUTE, windowSeconds: 60 },
  },
  async ({ query, req }) => {
    const page = await searchPlaces({
      query: query.q,
      pageToken: query.pageToken,
      signal: req.signal,
    });
    return NextResponse.json(page, { headers: noStore });
  },
);
