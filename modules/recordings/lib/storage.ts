import "server-only";
import { env, isServerless } from "@/lib/env";
import type { RecordingStore } from "./recording-store";

// The recording store behind one interface: files under DATA_DIR on the embedded default, any
// S3-compatible object store (AWS S3, Cloudflare R2, MinIO) when RECORDING_S3_BUCKET is set.
// Keys are made here from ids (`chunkKey`), never from anything a request sends, so no path a
// client chooses reaches the file system or the bucket.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function checkId(id: string) {
  if (!uuid.test(id)) throw new Error("recording store: not an id");
  return id;
}

/** A recording's folder: `<organization>/<recording>/`. */
export function recordingPrefix(organizationId: string, recordingId: string) {
  return `${checkId(organizationId)}/${checkId(recordingId)}/`;
}

/**
 * Chunk `index` of a recording: zero-padded so a listing sorts in order, and named by its
 * checksum so that two different uploads of one index never write the same object.
 */
export function chunkKey(
  organizationId: string,
  recordingId: string,
  index: number,
  sha256: string,
) {
  if (!Number.isInteger(index) || index < 0) throw new Error("recording store: bad chunk index");
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("recording store: bad checksum");
  const name = `${String(index).padStart(6, "0")}-${sha256.slice(0, 16)}.part`;
  return `${recordingPrefix(organizationId, recordingId)}${name}`;
}

/**
 * A rep's voicemail message (voicemail drop), in the same store: its own folder per
 * organization, named by the message's id and checksum, so a new upload never overwrites one.
 */
export function voicemailKey(organizationId: string, messageId: string, sha256: string) {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("recording store: bad checksum");
  return `${checkId(organizationId)}/voicemail/${checkId(messageId)}-${sha256.slice(0, 16)}.audio`;
}

/** An organization's recording consent notice, named by its checksum (a new one is a new object). */
export function consentNoticeKey(organizationId: string, sha256: string) {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("recording store: bad checksum");
  return `${checkId(organizationId)}/consent/${sha256.slice(0, 32)}.audio`;
}

/** An organization's abandonment message (parallel dialing), named by its checksum. */
export function abandonMessageKey(organizationId: string, sha256: string) {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("recording store: bad checksum");
  return `${checkId(organizationId)}/abandon/${sha256.slice(0, 32)}.audio`;
}

let store: Promise<RecordingStore> | null = null;

/** The configured store (created once; the S3 client and its SDK load only when configured). */
export function recordingStore(): Promise<RecordingStore> {
  store ??= (async () => {
    if (env.RECORDING_S3_BUCKET) {
      const { createS3Store } = await import("./storage-s3");
      return createS3Store({
        bucket: env.RECORDING_S3_BUCKET,
        endpoint: env.RECORDING_S3_ENDPOINT,
        region: env.RECORDING_S3_REGION,
        accessKeyId: env.RECORDING_S3_ACCESS_KEY_ID,
        secretAccessKey: env.RECORDING_S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.RECORDING_S3_FORCE_PATH_STYLE,
      });
    }
    // A serverless start refuses without a bucket (lib/env-schema.ts): never /tmp, which dies
    // with the instance, even for a tool run outside a serving instance.
    if (isServerless) throw new Error("recording store: serverless mode needs RECORDING_S3_BUCKET");
    const { createLocalStore, localRecordingsDir } = await import("./storage-local");
    return createLocalStore(localRecordingsDir());
  })();
  return store;
}

/** Tests switch back ends between files. */
export function resetRecordingStoreForTests(next: RecordingStore | null = null) {
  store = next ? Promise.resolve(next) : null;
}
