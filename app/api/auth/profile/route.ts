// GET /api/auth/profile - the signed-in rep's email and whether it is verified
import { NextResponse } from "next/server";
import { withUser } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { getProfile } from "@/lib/accounts/profile";

export const GET = withUser({}, async ({ session }) => {
  return NextResponse.json(await getProfile(session.userId), { headers: noStore });
});
