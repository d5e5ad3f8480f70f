import "server-only";
import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/**
 * The cron routes accept exactly `Authorization: Bearer $CRON_SECRET` (what Vercel Cron sends).
 * Without CRON_SECRET they refuse everyone: a public URL must not let anyone start work.
 */
export function assertCronCaller(req: NextRequest) {
  if (!env.CRON_SECRET) {
    throw new ApiError("unavailable", "CRON_SECRET is not set", { code: "cron_not_configured" });
  }
  const header = req.headers.get("authorization") ?? "";
  // Compared as digests: equal length, constant time, whatever was sent.
  const ok = crypto.timingSafeEqual(digest(header), digest(`Bearer ${env.CRON_SECRET}`));
  if (!ok) throw new ApiError("unauthorized", "Unauthorized");
}
