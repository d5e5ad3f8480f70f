import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPublicAddress } from "./address-policy";

// One webhook POST, guarded against server-side request forgery: the host is resolved here and
// every address it resolves to must be public (./address-policy.ts) unless the test setting
// allows private ones; the connection then goes to the address that was checked (the socket's
// lookup answers with it, so nothing resolves the name again between check and connect), TLS
// still verifies the certificate for the host name, redirects are not followed (a 3xx is a
// failure), and the attempt has a deadline and reads at most RESPONSE_CAP bytes of the answer.

export const RESPONSE_CAP = 16 * 1024;

export class WebhookRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookRefusedError";
  }
}

type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The lookup, or a refusal once `ms` have passed: a resolver that never answers holds no drain. */
function lookupWithin(lookup: Lookup, host: string, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new WebhookRefusedError(`The host ${host} did not resolve in time`)),
      ms,
    );
  });
  const answer = lookup(host).catch(() => {
    throw new WebhookRefusedError(`The host ${host} does not resolve`);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * The address to connect to, after checking every address the name resolves to. The lookup has
 * its own deadline (`timeoutMs`, the attempt's): the system resolver's retries can take far longer.
 */
export async function resolveTarget(
  url: URL,
  opts: { allowPrivate: boolean; lookup?: Lookup; timeoutMs?: number },
): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== "https:" && !(opts.allowPrivate && url.protocol === "http:")) {
    throw new WebhookRefusedError("Only https URLs are delivered to");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookupWithin(opts.lookup ?? systemLookup, host, opts.timeoutMs ?? 10_000);
  if (addresses.length === 0) throw new WebhookRefusedError(`The host ${host} does not resolve`);
  if (!opts.allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new WebhookRefusedError(
        `${host} resolves to ${refused.address}, a private or reserved address`,
      );
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export type SendResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string };

export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number; lookup?: Lookup },
): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, status: null, error: "Not a URL" };
  }
  // One deadline for the whole attempt: what the lookup took is not given to the request again.
  const deadline = Date.now() + opts.timeoutMs;
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await resolveTarget(url, opts);
  } catch (err) {
    return { ok: false, status: null, error: (err as Error).message };
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "DialFlow-Webhooks/1",
        },
        // Connect to the checked address only: whatever asks for the name gets that answer.
        lookup: ((_host: string, options: { all?: boolean }, callback: LookupCallback) => {
          if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
          else callback(null, pinned.address, pinned.family);
        }) as unknown as net.LookupFunction,
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Enough of the answer: the status is what counts; a huge body is not read.
          if (read > RESPONSE_CAP) res.destroy();
        });
        const done = () =>
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status }
              : {
                  ok: false,
                  status,
                  error:
                    status >= 300 && status < 400 ? "Redirects are not followed" : `HTTP ${status}`,
                },
          );
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    req.on("error", (err) =>
      resolve({
        ok: false,
        status: null,
        error: err.name === "AbortError" || err.name === "TimeoutError" ? "Timed out" : err.message,
      }),
    );
    req.end(body);
  });
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;
