// GET /api/live - a Server-Sent Events stream telling a signed-in browser what changed for its team
import { z } from "zod";
import { bearer, withUser } from "@/lib/api/handler";
import { authenticateUser } from "@/lib/auth/sessions";
import { respond } from "@/lib/api/respond";
import { isServerless } from "@/lib/env";
import { subscribeTeam } from "@/lib/live/bus";
import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, type TeamChange } from "@/lib/live/changes";

// A stream lives at most this long; the browser then opens a new one, which authenticates again.
const STREAM_LIFETIME_MS = 5 * 60_000;
// How often an open stream checks that its session still stands: a deactivated member's or a
// signed-out session's stream ends within this, and its browser's reconnect (401) signs it out.
const SESSION_RECHECK_MS = 10_000;

const unavailableSchema = z.object({ error: z.literal("live_unavailable") });

export const GET = withUser({ permission: "calls.work" }, async ({ session, req }) => {
  // A serverless function cannot hold a stream open: browsers keep refreshing on a timer.
  if (isServerless)
    return respond(unavailableSchema, { error: "live_unavailable" }, { status: 501 });

  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = subscribeTeam(session.organizationId, (change: TeamChange) =>
        send(`event: ${LIVE_EVENTS.change}\ndata: ${JSON.stringify(change)}\n\n`),
      );
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), LIVE_HEARTBEAT_MS);
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      const token = bearer(req);
      const recheck = setInterval(() => {
        void (token ? authenticateUser(token) : Promise.resolve(null)).then(
          (still) => {
            if (!still || still.userId !== session.userId) end();
          },
          () => undefined,
        );
      }, SESSION_RECHECK_MS);
      const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearInterval(recheck);
        clearTimeout(lifetime);
        req.signal.removeEventListener("abort", stop);
      };
      req.signal.addEventListener("abort", stop);
      // A reconnecting browser waits this long before trying again.
      send(`retry: 2000\nevent: ${LIVE_EVENTS.ready}\ndata: {}\n\n`);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      // nginx and similar proxies would otherwise hold the events back in a buffer.
      "X-Accel-Buffering": "no",
    },
  });
});
