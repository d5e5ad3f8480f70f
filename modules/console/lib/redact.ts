import "server-only";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";

// The secret values this server knows. Everything the console shows that came from outside the
// app (command output, log files) passes through redactSecrets, so that a program printing its
// environment cannot leak them to the browser.

function urlPassword(value: string | undefined) {
  if (!value) return undefined;
  try {
    const password = decodeURIComponent(new URL(value).password);
    return password || undefined;
  } catch {
    return undefined;
  }
}

export function secretValues(): string[] {
  const values = [
    env.AUTH_SECRET,
    new TextDecoder().decode(authSecret()),
    env.PLACES_API_KEY,
    env.CRON_SECRET,
    env.TELEPHONY_ENCRYPTION_KEY,
    env.DEMO_PASSWORD,
    urlPassword(env.DATABASE_URL),
    urlPassword(env.SMTP_URL),
  ];
  // Short values would redact ordinary words; real secrets are longer.
  return [...new Set(values.filter((v): v is string => typeof v === "string" && v.length >= 6))];
}

export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secretValues()) out = out.split(secret).join("[redacted]");
  // Also a password in any URL printed as user:password@host.
  return out.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, "$1[redacted]@");
}

/** A URL with its password replaced, for display. */
export function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "****";
    for (const key of [...url.searchParams.keys()]) {
      if (/pass|secret|key|token/i.test(key)) url.searchParams.set(key, "****");
    }
    return url.toString();
  } catch {
    return "****";
  }
}
