import type { PGlite } from "@electric-sql/pglite";

export declare const durableStartParams: string[];
export declare function openPglite(
  pgdataDir: string,
  options?: { durable?: boolean; startParams?: string[] },
): Promise<PGlite>;
