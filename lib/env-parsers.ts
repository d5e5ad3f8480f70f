// Parsers for settings whose text has a shape of its own (the operator console's services and
// commands, power dialing's default calling window), kept pure so that lib/env-schema.ts
// validates them at start-up and the unit tests can exercise them without a server.

export type ServiceEntry = { service: string; unit: string };

const serviceName = /^[a-z][a-z0-9_-]{0,31}$/;
// A systemd unit name: never starts with "-" (it would read as an option), no path characters.
const unitName = /^[A-Za-z0-9][A-Za-z0-9@._:\\-]{0,126}\.(service|socket|timer|target|path)$/;

/** `apache=apache2.service,auth=dialflow-auth.service` → entries, or a message saying what is wrong. */
export function parseServiceList(value: string): ServiceEntry[] | string {
  const entries: ServiceEntry[] = [];
  for (const part of value.split(",")) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const [service = "", unit = "", ...rest] = trimmed.split("=").map((s) => s.trim());
    if (rest.length) return `OPS_SERVICES: "${trimmed}" is not name=unit`;
    if (!serviceName.test(service)) return `OPS_SERVICES: "${service}" is not a valid service name`;
    if (!unitName.test(unit)) return `OPS_SERVICES: "${unit}" is not a valid systemd unit name`;
    if (entries.some((e) => e.service === service || e.unit === unit)) {
      return `OPS_SERVICES: "${trimmed}" repeats a name or unit`;
    }
    entries.push({ service, unit });
  }
  if (entries.length > 20) return "OPS_SERVICES: at most 20 services";
  return entries;
}

/** `["npm","run","build"]` → argv, or a message saying what is wrong. */
export function parseArgvJson(value: string): string[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'must be a JSON array of strings, e.g. ["npm","run","build"]';
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    parsed.length > 64 ||
    !parsed.every((a) => typeof a === "string" && a.length > 0 && !a.includes("\0"))
  ) {
    return 'must be a JSON array of 1-64 non-empty strings, e.g. ["npm","run","build"]';
  }
  return parsed as string[];
}

const minutesPerDay = 24 * 60;

/** "09:00-18:00" → minutes after midnight, or null when malformed. */
export function parseWindow(text: string): { startMinute: number; endMinute: number } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]|24):([0-5]\d)$/.exec(text.trim());
  if (!m) return null;
  const endMinute = Number(m[3]) * 60 + Number(m[4]);
  if (endMinute > minutesPerDay) return null;
  return { startMinute: Number(m[1]) * 60 + Number(m[2]), endMinute: endMinute % minutesPerDay };
}

/** "1-5" or "0,6" or "1-3,5" → sorted day numbers (0 = Sunday), or null when malformed. */
export function parseDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(",").map((s) => s.trim())) {
    const m = /^([0-6])(?:-([0-6]))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return null;
    for (let d = from; d <= to; d++) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}
