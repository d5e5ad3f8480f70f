// s3rver ships no types: the part the recording tests use.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs: unknown[] }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
