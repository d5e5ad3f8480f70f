import "server-only";
import { deploymentEnv, env } from "@/lib/env";

// Who the mailer (./mailer.ts) may write to on this deployment.

// RFC 2606 / RFC 6761 names that can never belong to a real mailbox: always safe to mail.
const reservedDomains = ["example.com", "example.net", "example.org"];
const reservedSuffixes = [".test", ".example", ".invalid", ".localhost"];

function domainMatches(domain: string, allowed: string) {
  return domain === allowed || domain.endsWith(`.${allowed}`);
}

/**
 * Whether this deployment may send mail to `address`. Production mails anyone; a preview or
 * development deployment only reserved test domains and MAIL_ALLOWED_DOMAINS, so a pull
 * request's preview on a copy of real data never mails a real customer.
 */
export function mailRecipientAllowed(address: string): boolean {
  if (deploymentEnv === "production") return true;
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  if (!domain) return false;
  if (reservedDomains.some((d) => domainMatches(domain, d))) return true;
  if (reservedSuffixes.some((s) => domain.endsWith(s)) || domain === "localhost") return true;
  return env.MAIL_ALLOWED_DOMAINS.some((d) => domainMatches(domain, d));
}
