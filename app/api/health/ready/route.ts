// GET /api/health/ready - readiness: 200 when the database answered within the last second, else 503
import { NextResponse } from "next/server";
import { noStore } from "@/lib/api/errors";
import { databaseReady, healthBody } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET() {
  return (await databaseReady())
    ? NextResponse.json(healthBody.ok, { headers: noStore })
    : NextResponse.json(healthBody.unavailable, { status: 503, headers: noStore });
}
