// POST /api/dialing/reservations/{placeId} - reserve a business for this rep's power-dial session
// DELETE /api/dialing/reservations/{placeId} - give it back (skip, stop)
import { withUser } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { respond } from "@/lib/api/respond";
import { organizationIdOf } from "@/lib/dialing/organization";
import { releaseReservation, takeReservation } from "@/lib/dialing/reservations";
import {
  placeIdParamsSchema,
  releaseResponseSchema,
  reservationResponseSchema,
} from "@/lib/dialing/schemas";

export const POST = withUser(
  { params: placeIdParamsSchema, rateLimit: { name: "dial-reserve", max: 600, windowSeconds: 60 } },
  async ({ params, session }) => {
    const organizationId = await organizationIdOf(session.userId);
    const result = await takeReservation(organizationId, session.userId, params.placeId);
    if (!result.taken) {
      throw new ApiError(
        "conflict",
        result.heldBy
          ? `${result.heldBy} is dialing this business right now`
          : "Another rep is dialing this business right now",
        {
          code: "reserved",
          details: { heldBy: result.heldBy, expiresAt: result.expiresAt?.toISOString() ?? null },
        },
      );
    }
    return respond(reservationResponseSchema, {
      reservation: { placeId: params.placeId, expiresAt: result.expiresAt.toISOString() },
    });
  },
);

export const DELETE = withUser(
  { params: placeIdParamsSchema, rateLimit: { name: "dial-reserve", max: 600, windowSeconds: 60 } },
  async ({ params, session }) => {
    const organizationId = await organizationIdOf(session.userId);
    const released = await releaseReservation(organizationId, session.userId, params.placeId);
    return respond(releaseResponseSchema, { released });
  },
);
