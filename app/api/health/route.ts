// GET /api/health - for load balancers: 200 when the app and its database answer, else 503.
// The same as /api/health/ready; /api/health/live answers without the database (lib/health.ts
// has the check).
import { NextResponse } from "next/server";
import { noStore } from "@/lib/api/errors";
import { databaseReady, healthBody } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET() {
  return (await databaseReady())
    ? NextResponse.json(healthBody.ok, { headers: noStore })
    : NextResponse.json(healthBody.unavailable, { status: 503, headers: noStore });
}
