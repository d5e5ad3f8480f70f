import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { CREDENTIAL_TTL_SECONDS, mintEphemeralCredentials } from "./ephemeral";
import { lineOf, notConfigured, publicSettings, readLineSecret } from "./lines";
import type { CredentialsResponse, RepLineResponse } from "./schemas";

// What a signed-in rep gets of their own organization's line: its public settings and SIP
// address, and time-limited credentials minted from that organization's secret only (a rep's
// session names their organization; nothing here takes another one), never the secret.

/** The rep's SIP user on the line: their user id (stable, unique, safe in a SIP URI). */
const sipUriOf = (userId: string, sipDomain: string) => `sip:${userId}@${sipDomain}`;

export async function repLine(
  session: Pick<UserSession, "userId" | "organizationId">,
): Promise<RepLineResponse> {
  const row = await lineOf(session.organizationId);
  if (!row) return { configured: false };
  return {
    configured: true,
    line: {
      ...publicSettings(row),
      sipUser: session.userId,
      sipUri: sipUriOf(session.userId, row.sipDomain),
    },
  };
}

export async function repCredentials(
  session: UserSession,
  now = new Date(),
): Promise<CredentialsResponse> {
  const row = await lineOf(session.organizationId);
  if (!row) throw notConfigured();
  const minted = mintEphemeralCredentials(readLineSecret(row), session.userId, now);
  return {
    username: minted.username,
    password: minted.password,
    sipUri: sipUriOf(session.userId, row.sipDomain),
    expiresAt: new Date(minted.expires * 1000).toISOString(),
    ttlSeconds: CREDENTIAL_TTL_SECONDS,
  };
}
