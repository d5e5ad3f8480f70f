// GET /api/admin/ping - confirms an operator token is still valid
import { NextResponse } from "next/server";
import { withOperator } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";

export const GET = withOperator({}, async () =>
  NextResponse.json({ ts: Date.now() }, { headers: noStore }),
);
