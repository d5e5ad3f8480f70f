import "server-only";
import { env } from "@/lib/env";

/** Chunk uploads (one every few seconds while a call is recorded) share the calls' budget. */
export const recordingWriteLimit = {
  name: "recordings-write",
  max: env.CALLS_WRITES_PER_MINUTE,
  windowSeconds: 60,
};
export const recordingReadLimit = {
  name: "recordings-read",
  max: env.CALLS_READS_PER_MINUTE,
  windowSeconds: 60,
};
