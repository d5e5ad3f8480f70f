// GET /api/team/abandonment-message/audio - the message's audio (every member: the dialer plays it to an abandoned person)
import { withUser } from "@/lib/api/handler";
import { abandonmentMessageAudio } from "@/modules/power-dial/lib/abandon-message";
import { recordingReadLimit } from "@/modules/recordings/lib/limits";

export const GET = withUser(
  { permission: "dialing.use", rateLimit: recordingReadLimit },
  async ({ session }) => abandonmentMessageAudio(session.organizationId),
);
