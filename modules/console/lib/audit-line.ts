import { escapeForLog } from "@/lib/log-escape";

// One audit event as one line of the console's audit tail: `<time> <OUTCOME> <action> key=value`.
// Actors and targets are whatever was typed at sign-in, before any account is known, so no value
// may read as more than one field: one with a space, "=", a quote or anything but the plain
// characters of names and addresses is shown as a JSON string (`actor="ghost target=x"`), and
// then every control, line-separator and bidi character is escaped (lib/log-escape.ts).

/** Shown as they are: letters, digits and the marks of usernames, ids, addresses and actions. */
const PLAIN = /^[A-Za-z0-9._:@/+-]+$/;

/** `value` as one field of a line: bare when plain, else a quoted and escaped JSON string. */
export function logValue(value: string): string {
  return escapeForLog(PLAIN.test(value) ? value : JSON.stringify(value));
}

export type AuditLineRow = {
  at: Date;
  outcome: string;
  action: string;
  actor: string;
  target: string | null;
  clientIp: string | null;
  /** How many refusals a folded row stands for. */
  count?: number;
};

export function auditLine(row: AuditLineRow): string {
  const fields = [
    row.at.toISOString(),
    logValue(row.outcome.toUpperCase()),
    logValue(row.action),
    `actor=${logValue(row.actor)}`,
  ];
  if (row.target != null) fields.push(`target=${logValue(row.target)}`);
  if (row.clientIp != null) fields.push(`ip=${logValue(row.clientIp)}`);
  if (row.count && row.count > 1) fields.push(`count=${row.count}`);
  return fields.join(" ");
}
