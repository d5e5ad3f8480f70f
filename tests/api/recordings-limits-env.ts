// Imported first by recordings.test.ts: small limits, so that the refusals are cheap to reach.
process.env.RECORDING_MAX_CHUNK_BYTES = "65536";
process.env.RECORDING_MAX_BYTES = "200000";
process.env.RECORDING_RETENTION_DAYS = "30";
process.env.RECORDING_ORG_QUOTA_BYTES = "400000";
