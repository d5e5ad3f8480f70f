// Imported first by recordings-s3.test.ts: starts a local S3-compatible server (s3rver, which
// speaks the S3 REST protocol) on a free port and points the recording store at it before
// anything loads lib/env (which reads process.env once).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";

export const bucket = "dialflow-recordings";
export const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-s3-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const listening = (await server.run()) as AddressInfo;
export const s3Endpoint = `http://127.0.0.1:${listening.port}`;
export async function stopS3() {
  await server.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
}
process.env.RECORDING_S3_BUCKET = bucket;
process.env.RECORDING_S3_ENDPOINT = s3Endpoint;
process.env.RECORDING_S3_ACCESS_KEY_ID = "S3RVER";
process.env.RECORDING_S3_SECRET_ACCESS_KEY = "S3RVER";
// Small limits, so that the refusals are cheap to reach.
process.env.RECORDING_MAX_CHUNK_BYTES = "65536";
process.env.RECORDING_MAX_BYTES = "200000";
process.env.RECORDING_RETENTION_DAYS = "30";
