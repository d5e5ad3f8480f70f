// The recording API on an S3-compatible object store: s3rver, started by this file.
import { stopS3 } from "./recordings-s3-env";
import { afterAll } from "vitest";
import { recordingCases } from "./recordings-cases";

afterAll(() => stopS3());
recordingCases("s3");
