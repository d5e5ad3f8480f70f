// GET /api/places/{placeId} - one place's details (phone, website, hours, location)
import { NextResponse } from "next/server";
import { withUser } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { getPlaceDetails } from "@/modules/places/lib/places-service";
import { placeParamsSchema } from "@/modules/places/lib/schemas";

export const GET = withUser(
  {
    permission: "targets.work",
    params: placeParamsSchema,
    rateLimit: { name: "places-details", max: env.PLACES_DETAILS_PER_MINUTE, windowSeconds: 60 },
  },
  async ({ params }) => {
    return NextResponse.json(await getPlaceDetails(params.placeId), { headers: noStore });
  },
);
