import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import { clearOperatorToken, setOperatorToken } from "@/lib/client/operator-session";
import { removeStored, sessionTokenKey, writeStored } from "@/lib/client/storage";
import { installFakeWindow } from "../support/fake-browser";

installFakeWindow();

// A real HTTP peer that records what it received and answers as told per path.
type Seen = { method: string; url: string; auth: string | null; type: string | null; body: string };
let seen: Seen[] = [];
let server: Server;
let base = "";

async function bodyOf(req: IncomingMessage) {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      auth: req.headers.authorization ?? null,
      type: req.headers["content-type"] ?? null,
      body,
    });
    const path = (req.url ?? "").split("?")[0];
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify(value));
    };
    if (path === "/ok") return json(200, { n: 1 });
    if (path === "/echo") return json(200, { n: body.length });
    if (path === "/wrong-shape") return json(200, { n: "one" });
    if (path === "/expired")
      return json(400, {
        error: "Invalid or expired verification link",
        code: "email_link_invalid",
      });
    if (path === "/throttled")
      return json(429, { error: "Too many", code: "rate_limited" }, { "Retry-After": "17" });
    if (path === "/html") {
      res.writeHead(502, { "Content-Type": "text/html" });
      return res.end("<h1>Bad gateway</h1>");
    }
    if (path === "/slow") return setTimeout(() => json(200, { n: 1 }), 2_000);
    if (path === "/file.csv") {
      res.writeHead(200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="call-reports_2026-03-10.csv"',
      });
      return res.end("\uFEFFa,b\r\n1,2\r\n");
    }
    json(404, { error: "Not found", code: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  removeStored(sessionTokenKey);
  clearOperatorToken();
});

const n = z.object({ n: z.number() });

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

describe("apiClient", () => {
  it("GETs with the rep's bearer token and the query, and returns the parsed body", async () => {
    writeStored(sessionTokenKey, "rep-token");
    const data = await apiClient.get(`${base}/ok`, {
      schema: n,
      credential: "rep",
      query: { q: "a b", page: 2, none: undefined, empty: null },
    });
    expect(data).toEqual({ n: 1 });
    expect(seen[0]).toMatchObject({
      method: "GET",
      url: "/ok?q=a+b&page=2",
      auth: "Bearer rep-token",
    });
  });

  it("uses the operator token from session storage for credential 'operator'", async () => {
    writeStored(sessionTokenKey, "rep-token");
    setOperatorToken("op-token");
    await apiClient.get(`${base}/ok`, { schema: n, credential: "operator" });
    expect(seen[0]!.auth).toBe("Bearer op-token");
  });

  it("POSTs JSON without credentials for 'none'", async () => {
    writeStored(sessionTokenKey, "rep-token");
    const data = await apiClient.post(`${base}/echo`, { a: 1 }, { schema: n, credential: "none" });
    expect(data).toEqual({ n: 7 });
    expect(seen[0]).toMatchObject({
      method: "POST",
      auth: null,
      type: "application/json",
      body: '{"a":1}',
    });
  });

  it("refuses without a request when the credential is missing", async () => {
    const error = await failure(apiClient.get(`${base}/ok`, { schema: n, credential: "operator" }));
    expect(error).toMatchObject({ status: 401, code: "no_credential" });
    expect(seen).toHaveLength(0);
  });

  it("throws status, code, message and body of an error answer", async () => {
    const error = await failure(
      apiClient.post(`${base}/expired`, {}, { schema: n, credential: "none" }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: "email_link_invalid",
      message: "Invalid or expired verification link",
    });
    expect(error.body).toEqual({
      error: "Invalid or expired verification link",
      code: "email_link_invalid",
    });
  });

  it("reads Retry-After on 429", async () => {
    const error = await failure(
      apiClient.get(`${base}/throttled`, { schema: n, credential: "none" }),
    );
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfterSec: 17 });
  });

  it("survives a non-JSON error body (code null)", async () => {
    const error = await failure(apiClient.get(`${base}/html`, { schema: n, credential: "none" }));
    expect(error).toMatchObject({ status: 502, code: null, message: "HTTP 502" });
  });

  it("rejects a 2xx answer that does not match the schema", async () => {
    const error = await failure(
      apiClient.get(`${base}/wrong-shape`, { schema: n, credential: "none" }),
    );
    expect(error).toMatchObject({ status: 200, code: "invalid_response" });
  });

  it("reports an unreachable server as a network error", async () => {
    const error = await failure(
      apiClient.get("http://127.0.0.1:1/nothing", { schema: n, credential: "none" }),
    );
    expect(error).toMatchObject({ status: 0, code: "network" });
  });

  it("rethrows an abort untouched", async () => {
    const controller = new AbortController();
    const pending = apiClient.get(`${base}/slow`, {
      schema: n,
      credential: "none",
      signal: controller.signal,
    });
    controller.abort();
    const error = await pending.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ApiClientError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("downloads a file with the bearer token: its bytes and the server's file name", async () => {
    writeStored(sessionTokenKey, "rep-token");
    const file = await apiClient.download(`${base}/file.csv`, {
      credential: "rep",
      query: { from: "2026-03-10T00:00:00-04:00", withTime: 0 },
    });
    expect(file.fileName).toBe("call-reports_2026-03-10.csv");
    // The bytes as sent, byte-order mark included (Blob.text() would hide it).
    const bytes = Buffer.from(await file.blob.arrayBuffer());
    expect(bytes.toString("utf8")).toBe("\uFEFFa,b\r\n1,2\r\n");
    // (The previous test's aborted request may still arrive at the peer: look for this one.)
    expect(seen.find((r) => r.url.startsWith("/file.csv"))).toMatchObject({
      method: "GET",
      url: "/file.csv?from=2026-03-10T00%3A00%3A00-04%3A00&withTime=0",
      auth: "Bearer rep-token",
    });
    // Failures carry the server's status and code, as the JSON calls do.
    const error = await failure(apiClient.download(`${base}/throttled`, { credential: "rep" }));
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfterSec: 17 });
    removeStored(sessionTokenKey);
    expect(
      await failure(apiClient.download(`${base}/file.csv`, { credential: "rep" })),
    ).toMatchObject({ status: 401, code: "no_credential" });
  });
});
