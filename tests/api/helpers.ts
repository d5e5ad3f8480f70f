// Shared helpers for route-handler tests: build requests, create accounts, sign in.
import crypto from "node:crypto";
import { NextRequest } from "next/server";
import { addAccount } from "@/modules/team/lib/account-admin";
import { getDb } from "@/lib/db/client";

export const base = "http://localhost:3000";

type RequestOptions = {
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
  rawBody?: string;
};

/**
 * The client address of requests that name none: one per test file (each file loads this module
 * anew), so per-address limits such as sign-in's 60 a minute are not shared by every file of a
 * run on one PostgreSQL database.
 */
const defaultIp = `198.18.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;

export function request(method: string, path: string, opts: RequestOptions = {}) {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  headers.set("x-dialflow-socket-ip", opts.ip ?? defaultIp);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new NextRequest(`${base}${path}`, { method, headers, body });
}

/** A username no other test (or parallel run on a shared PostgreSQL) will use. */
export function uniqueName(prefix = "rep") {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}`;
}

export async function createAccount(
  opts: { admin?: boolean; email?: string; password?: string } = {},
) {
  const username = uniqueName(opts.admin ? "op" : "rep");
  const password = opts.password ?? `pw-${crypto.randomBytes(6).toString("hex")}`;
  await addAccount(await getDb(), { username, password, admin: opts.admin, email: opts.email });
  return { username, password };
}

export async function loginAs(account: { username: string; password: string }, ip?: string) {
  const { POST } = await import("@/app/api/auth/login/route");
  const res = await POST(request("POST", "/api/auth/login", { body: account, ip }));
  if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export async function loginOperator(account: { username: string; password: string }, ip?: string) {
  const { POST } = await import("@/app/api/admin/login/route");
  const res = await POST(request("POST", "/api/admin/login", { body: account, ip }));
  if (res.status !== 200) throw new Error(`admin login failed with ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
