// POST /api/dialing/reservations/{placeId} - reserve a business for this rep's power-dial session
// DELETE /api/dialing/reservations/{placeId} - give it back (skip, stop)
import { withUser } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { respond } from "@/lib/api/respond";
import { dialLimit } from "@/modules/power-dial/lib/limits";
import { releaseReservation, takeReservation } from "@/modules/power-dial/lib/reservations";
import {
  placeIdParamsSchema,
  releaseResponseSchema,
  reservationResponseSchema,
} from "@/modules/power-dial/lib/schemas";

export const POST = withUser(
  { permission: "dialing.use", params: placeIdParamsSchema, rateLimit: dialLimit },
  async ({ params, session }) => {
    const result = await takeReservation(session.organizationId, session.userId, params.placeId);
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
  { permission: "dialing.use", params: placeIdParamsSchema, rateLimit: dialLimit },
  async ({ params, session }) => {
    const released = await releaseReservation(
      session.organizationId,
      session.userId,
      params.placeId,
    );
    return respond(releaseResponseSchema, { released });
  },
);
