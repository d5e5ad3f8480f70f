import "server-only";
import type { NextResponse } from "next/server";
import { appUrl } from "@/lib/env";
import { sessionCookieOf } from "./session-kinds";

// The httpOnly cookie only lets proxy.ts and server components recognise a signed-in visitor
// before render; API calls authenticate with the bearer token.
export const sessionCookie = sessionCookieOf.user;
export const operatorCookie = sessionCookieOf.operator;

const secure = appUrl.startsWith("https://");

export function setSessionCookie(res: NextResponse, name: string, token: string, expiresAt: Date) {
  res.cookies.set(name, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(res: NextResponse, name: string) {
  res.cookies.set(name, "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 });
}
