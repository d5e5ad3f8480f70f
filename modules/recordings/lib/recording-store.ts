// What every recording store does (storage.ts picks one: storage-local.ts or storage-s3.ts).
// Keys come from storage.ts's key functions, made from ids, never from a request.
export interface RecordingStore {
  readonly kind: "local" | "s3";
  /** Writes an object whole (a chunk is small: it is buffered by the route anyway). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes `start..end` (inclusive), or all of it; null when it does not exist. */
  get(key: string, range?: { start: number; end: number }): Promise<Uint8Array | null>;
  /** Deletes every object under `prefix` (a recording's folder); missing ones are fine. */
  deletePrefix(prefix: string): Promise<void>;
}
