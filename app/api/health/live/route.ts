// GET /api/health/live - liveness: 200 while the process answers; never touches the database
import { NextResponse } from "next/server";
import { noStore } from "@/lib/api/errors";
import { healthBody } from "@/lib/health";

export const dynamic = "force-dynamic";

export function GET() {
  return NextResponse.json(healthBody.ok, { headers: noStore });
}
