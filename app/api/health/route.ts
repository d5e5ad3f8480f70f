// GET /api/health - for load balancers: 200 when the app and its database answer, else 503
import { NextResponse } from "next/server";
import { noStore } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    return NextResponse.json({ status: "ok" }, { headers: noStore });
  } catch {
    return NextResponse.json({ status: "unavailable" }, { status: 503, headers: noStore });
  }
}
