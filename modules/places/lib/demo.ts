import { ApiError } from "@/lib/api/errors";
import {
  demoCategories,
  demoCities,
  demoNamePrefixes,
  demoStreets,
  type DemoCity,
} from "./demo-data";
import { pageSize } from "./field-masks";
import type { PlacesProvider, SearchPage } from "./provider";
import type { OpeningHours, Place } from "./schemas";

// The built-in places source when no PLACES_API_KEY is set: deterministic, plausible
// businesses for any query ("dentists in Austin": category and city from the words), 20 a
// page and 3 pages like Google, fictional 555-01xx numbers, some without phone, website,
// rating or address so every empty state of the screen shows. Small fixed delays make the
// screen's progress visible as it would be against the real service.

const pages = 3;
const total = pages * pageSize;
const searchDelayMs = 250;

function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const titleCase = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url").toString("utf8");

type Category = { type: string; nouns: string[] };

function category(text: string): Category {
  const t = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
  for (const c of demoCategories) {
    if (c.words.some((w) => t.includes(` ${w} `))) return c;
  }
  const words = t.trim().split(" ").filter(Boolean).slice(0, 3);
  if (!words.length) return demoCategories[0]!;
  const singular = words.map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w));
  const type = singular.join("_").replace(/[^a-z0-9_]/g, "") || "business";
  const noun = titleCase(singular.join(" "));
  return { type, nouns: [noun, `${noun} Co.`, `${noun} Services`] };
}

function categoryOfType(type: string): Category {
  return demoCategories.find((c) => c.type === type) ?? category(type.replace(/_/g, " "));
}

function city(text: string): DemoCity {
  const t = text.toLowerCase().replace(/\s+/g, " ").trim();
  const known = demoCities.find(
    (c) => t === c.name.toLowerCase() || t.startsWith(`${c.name.toLowerCase()}`),
  );
  if (known) return known;
  if (!t) return demoCities[0]!;
  // An unknown town: its own name, placed near one of the known cities.
  const near = demoCities[hash(t) % demoCities.length]!;
  return { ...near, name: titleCase(t.replace(/,.*$/, "")) };
}

/** "dentists in Austin", "plumbers near Dallas, TX", "cafes, Seattle" → category and city. */
export function parseDemoQuery(query: string) {
  const m =
    /^(.*?)\s+(?:in|near|around|at)\s+(.+)$/i.exec(query.trim()) ??
    /^(.*?),\s*(.+)$/.exec(query.trim());
  return { category: category(m ? m[1]! : query), city: city(m ? m[2]! : "") };
}

function utcOffsetMinutes(timeZone: string, now: Date) {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(now)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? "");
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const clock = (h: number) => `${((h + 11) % 12) + 1}:00 ${h < 12 ? "AM" : "PM"}`;

function openingHours(i: number, offsetMinutes: number, now: Date): OpeningHours {
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  const day = local.getUTCDay();
  const minuteOfDay = local.getUTCHours() * 60 + local.getUTCMinutes();
  if (i % 10 === 9) {
    return {
      open_now: true,
      periods: [{ open: { day: 0, hour: 0, minute: 0 }, close: null }],
      weekday_text: [1, 2, 3, 4, 5, 6, 0].map((d) => `${days[d]}: Open 24 hours`),
    };
  }
  const hours = (d: number): [number, number] | null =>
    d >= 1 && d <= 5 ? [8, 17] : d === 6 && i % 4 === 0 ? [9, 13] : null;
  const periods = [0, 1, 2, 3, 4, 5, 6].flatMap((d) => {
    const h = hours(d);
    return h
      ? [{ open: { day: d, hour: h[0], minute: 0 }, close: { day: d, hour: h[1], minute: 0 } }]
      : [];
  });
  const today = hours(day);
  return {
    open_now: !!today && minuteOfDay >= today[0] * 60 && minuteOfDay < today[1] * 60,
    periods,
    weekday_text: [1, 2, 3, 4, 5, 6, 0].map((d) => {
      const h = hours(d);
      return `${days[d]}: ${h ? `${clock(h[0])} – ${clock(h[1])}` : "Closed"}`;
    }),
  };
}

function placeAt(
  cat: Category,
  c: DemoCity,
  i: number,
  withDetails: boolean,
  now = new Date(),
): Place {
  const h = hash(`${cat.type}|${c.name}|${i}`);
  const seed = hash(`${cat.type}|${c.name}`);
  const prefix = demoNamePrefixes[(i + seed) % demoNamePrefixes.length]!;
  const noun =
    cat.nouns[(Math.floor(i / demoNamePrefixes.length) + (seed >>> 8)) % cat.nouns.length]!;
  const name = i === 33 ? "" : `${prefix} ${noun}`;
  const zip = String(c.zip + (h % 40)).padStart(5, "0");
  const street = demoStreets[(h >>> 4) % demoStreets.length]!;
  const address =
    i === 18 ? null : `${100 + (h % 9800)} ${street}, ${c.name}, ${c.state} ${zip}, USA`;
  const lat = c.lat + (((h >>> 8) % 1000) / 1000 - 0.5) * 0.12;
  const lng = c.lng + (((h >>> 18) % 1000) / 1000 - 0.5) * 0.12;
  const slug = `${prefix}-${noun}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const offset = utcOffsetMinutes(c.timeZone, now);
  const website = i % 5 === 2 ? null : `https://www.${slug}.example.com/`;
  return {
    place_id: `demo-${b64(JSON.stringify([cat.type, c.name, i]))}`,
    name,
    address,
    rating: i % 11 === 6 ? null : Math.min(5, 3.5 + (h % 16) / 10),
    user_ratings_total: i % 11 === 6 ? null : 5 + (h % 900),
    phone:
      withDetails && i % 7 !== 3
        ? `(${c.areaCode}) 555-01${String(i % 100).padStart(2, "0")}`
        : null,
    website,
    place_url: `https://www.google.com/maps/search/?api=1&query=${lat.toFixed(5)}%2C${lng.toFixed(5)}`,
    primaryType: cat.type,
    opening_hours: withDetails ? openingHours(i, offset, now) : null,
    geometry: withDetails ? { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) } : null,
    utc_offset_minutes: withDetails ? offset : null,
  };
}

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), {
      once: true,
    });
  });
}

const badToken = () => new ApiError("validation", "pageToken does not belong to this query");

export function createDemoProvider(opts: { delays?: boolean } = {}): PlacesProvider {
  const delays = opts.delays ?? true;
  return {
    kind: "demo",
    async searchText({ query, pageToken, signal }): Promise<SearchPage> {
      const key = query.trim().toLowerCase();
      let page = 0;
      if (pageToken) {
        try {
          const t = JSON.parse(unb64(pageToken.replace(/^d1\./, ""))) as {
            q?: unknown;
            p?: unknown;
          };
          if (t.q !== key || typeof t.p !== "number" || t.p < 1 || t.p >= pages) throw badToken();
          page = t.p;
        } catch {
          throw badToken();
        }
      }
      if (delays) await wait(searchDelayMs, signal);
      const { category: cat, city: c } = parseDemoQuery(query);
      const places = Array.from({ length: pageSize }, (_, k) =>
        placeAt(cat, c, page * pageSize + k, false),
      );
      const nextPageToken =
        page + 1 < pages ? `d1.${b64(JSON.stringify({ q: key, p: page + 1 }))}` : null;
      return { places, nextPageToken, detailsIncluded: false };
    },
    async details(placeId, { signal } = {}) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(unb64(placeId.replace(/^demo-/, "")));
      } catch {
        decoded = null;
      }
      if (
        !placeId.startsWith("demo-") ||
        !Array.isArray(decoded) ||
        typeof decoded[0] !== "string" ||
        typeof decoded[1] !== "string" ||
        typeof decoded[2] !== "number" ||
        decoded[2] < 0 ||
        decoded[2] >= total
      ) {
        throw new ApiError("not_found", "No such demo place", { code: "place_not_found" });
      }
      const [type, cityName, i] = decoded as [string, string, number];
      if (delays) await wait(80 + (hash(placeId) % 150), signal);
      return placeAt(categoryOfType(type), city(cityName), i, true);
    },
  };
}
