// A local HTTP peer speaking the parts of Google Places API (New) the app uses, for the API
// tests, the end-to-end run and the benchmark. Production code talks to it unchanged; only
// PLACES_API_BASE_URL differs.
//
//   POST /v1/places:searchText   X-Goog-Api-Key, X-Goog-FieldMask (places.* paths, nextPageToken)
//   GET  /v1/places/{placeId}    X-Goog-Api-Key, X-Goog-FieldMask (paths without places.)
//
// It answers like Google: missing or wrong key, missing or unknown field-mask paths, bad page
// size, page tokens that do not belong to the query, malformed and unknown place ids; it
// returns only the masked fields, omits fields without data and pages with nextPageToken.
// A control endpoint (no key) lets tests read what arrived and make it fail or slow:
//   GET  /__peer   -> { requests: [...], counts: { search, details } }
//   POST /__peer   { reset?, searchDelayMs?, detailsDelayMs?, jitterMs?, total?,
//                    failSearch?: {status, count?} | null, failDetails?: {status, count?} | null }
//   (status 0 drops the connection: a network failure)
//
// Run alone: node tests/peers/places-peer.mjs --port 4140 --key dev-key --search-delay 400
import http from "node:http";
import { pathToFileURL } from "node:url";

const pageSizeMax = 20;
const searchFields = [
  "id",
  "displayName",
  "formattedAddress",
  "rating",
  "userRatingCount",
  "googleMapsUri",
  "websiteUri",
  "primaryType",
  "nationalPhoneNumber",
  "internationalPhoneNumber",
  "regularOpeningHours",
  "utcOffsetMinutes",
  "location",
  "types",
  "businessStatus",
];

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const cities = {
  austin: ["Austin", "TX", "512", 78701, 30.2672, -97.7431, -360],
  dallas: ["Dallas", "TX", "214", 75201, 32.7767, -96.797, -360],
  houston: ["Houston", "TX", "713", 77002, 29.7604, -95.3698, -360],
  chicago: ["Chicago", "IL", "312", 60601, 41.8781, -87.6298, -360],
  seattle: ["Seattle", "WA", "206", 98101, 47.6062, -122.3321, -480],
  boston: ["Boston", "MA", "617", 2108, 42.3601, -71.0589, -300],
};
const streets = [
  "Main St",
  "Congress Ave",
  "Oak St",
  "Lamar Blvd",
  "Cedar Ave",
  "Park Rd",
  "Lake Dr",
];
const prefixes = [
  "Riverside",
  "Maple",
  "Summit",
  "Cedar",
  "Parkview",
  "Hillcrest",
  "Northside",
  "Sunrise",
  "Heritage",
  "Lakeside",
  "Bluebonnet",
  "Oak Hill",
];
const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function title(s) {
  return s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function officeHours(openNow) {
  return {
    openNow,
    periods: [1, 2, 3, 4, 5].map((day) => ({
      open: { day, hour: 8, minute: 0 },
      close: { day, hour: 17, minute: 0 },
    })),
    weekdayDescriptions: [1, 2, 3, 4, 5, 6, 0].map(
      (d) => `${dayNames[d]}: ${d >= 1 && d <= 5 ? "8:00 AM – 5:00 PM" : "Closed"}`,
    ),
  };
}

function eveningHours() {
  return {
    openNow: false,
    periods: [1, 2, 3, 4, 5, 6].map((day) => ({
      open: { day, hour: 18, minute: 0 },
      close: { day, hour: 23, minute: 0 },
    })),
    weekdayDescriptions: [1, 2, 3, 4, 5, 6, 0].map(
      (d) => `${dayNames[d]}: ${d >= 1 ? "6:00 PM – 11:00 PM" : "Closed"}`,
    ),
  };
}

/** Deterministic Google-shaped places for a query. */
function generate(query, total) {
  const m = /^(.*?)\s+(?:in|near)\s+(.+)$/i.exec(query.trim());
  const what = (m ? m[1] : query).trim().toLowerCase();
  const where = (m ? m[2] : "austin").trim().toLowerCase();
  const city = cities[where.split(",")[0].trim()] ?? [
    title(where),
    "TX",
    "512",
    78701,
    30.2672,
    -97.7431,
    -360,
  ];
  const singular = what.replace(/s$/, "");
  const type = singular.replace(/[^a-z0-9]+/g, "_") || "point_of_interest";
  const noun = title(singular || "business");
  return Array.from({ length: total }, (_, i) => {
    const h = hash(`${query.toLowerCase()}|${i}`);
    const id = `ChIJ${Buffer.from(`${h.toString(36)}-${i}-${hash(query.toLowerCase()).toString(36)}`).toString("base64url")}`;
    const name = `${prefixes[(i + h) % prefixes.length]} ${noun} ${i + 1}`;
    const [cityName, state, area, zip, lat, lng, offset] = city;
    const place = {
      id,
      displayName: { text: name, languageCode: "en" },
      formattedAddress: `${100 + (h % 9000)} ${streets[h % streets.length]}, ${cityName}, ${state} ${String(zip + (h % 30)).padStart(5, "0")}, USA`,
      rating: Math.round((3.5 + (h % 16) / 10) * 10) / 10,
      userRatingCount: 3 + (h % 700),
      googleMapsUri: `https://maps.google.com/?cid=${h}`,
      websiteUri: `https://www.example.com/${id.slice(4, 12)}`,
      primaryType: type,
      types: [type, "point_of_interest", "establishment"],
      businessStatus: "OPERATIONAL",
      nationalPhoneNumber: `(${area}) 555-01${String(i % 100).padStart(2, "0")}`,
      internationalPhoneNumber: `+1 ${area}-555-01${String(i % 100).padStart(2, "0")}`,
      // Office hours, Monday to Friday 8-17; every seventh place (i % 7 === 6) opens in the
      // evening only, Monday to Saturday 18-23 (a power-dial session at 11:00 skips it).
      regularOpeningHours: i % 7 === 6 ? eveningHours() : officeHours(i % 3 !== 0),
      utcOffsetMinutes: offset,
      location: {
        latitude: lat + ((h % 1000) / 1000 - 0.5) * 0.1,
        longitude: lng + (((h >>> 10) % 1000) / 1000 - 0.5) * 0.1,
      },
    };
    // Fields without data are omitted, as Google does.
    if (i % 6 === 4) {
      delete place.nationalPhoneNumber;
      delete place.internationalPhoneNumber;
    }
    if (i % 5 === 1) delete place.websiteUri;
    return place;
  });
}

function googleError(status, statusText, message, reason) {
  return {
    error: {
      code: status,
      message,
      status: statusText,
      ...(reason
        ? {
            details: [
              {
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                reason,
                domain: "googleapis.com",
                metadata: { service: "places.googleapis.com" },
              },
            ],
          }
        : {}),
    },
  };
}

const cannedFailures = {
  400: () => googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", null),
  403: () =>
    googleError(
      403,
      "PERMISSION_DENIED",
      "Places API (New) has not been used in project 123456789 before or it is disabled.",
      "SERVICE_DISABLED",
    ),
  404: () => googleError(404, "NOT_FOUND", "It was not possible to find the place.", null),
  429: () =>
    googleError(
      429,
      "RESOURCE_EXHAUSTED",
      "Quota exceeded for quota metric 'SearchTextRequest' and limit 'SearchTextRequest per minute'.",
      "RATE_LIMIT_EXCEEDED",
    ),
  500: () => googleError(500, "INTERNAL", "Internal error encountered.", null),
  503: () => googleError(503, "UNAVAILABLE", "The service is currently unavailable.", null),
};

const maskRequired =
  "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.";

/** Parses a field mask into top-level field names; null plus a message when a path is unknown. */
function parseMask(header, prefix) {
  const paths = header
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const fields = new Set();
  let next = false;
  for (const path of paths) {
    if (path === "*") {
      searchFields.forEach((f) => fields.add(f));
      next = true;
      continue;
    }
    if (prefix && path === "nextPageToken") {
      next = true;
      continue;
    }
    const rest = prefix ? (path.startsWith("places.") ? path.slice(7) : null) : path;
    const top = rest?.split(".")[0];
    if (!top || !searchFields.includes(top)) {
      return {
        error: `Error expanding 'fields' parameter. Cannot find matching fields for path '${path}'.`,
      };
    }
    fields.add(top);
  }
  return { fields, next };
}

function pick(place, fields) {
  return Object.fromEntries(Object.entries(place).filter(([k]) => fields.has(k)));
}

export async function startPlacesPeer(options = {}) {
  const initial = {
    searchDelayMs: options.searchDelayMs ?? 0,
    detailsDelayMs: options.detailsDelayMs ?? 0,
    jitterMs: options.jitterMs ?? 0,
    total: options.total ?? 60,
    failSearch: null,
    failDetails: null,
  };
  const apiKey = options.apiKey ?? "peer-test-key";
  const state = { ...initial, requests: [], known: new Map() };
  let seq = 0;

  const delay = (base, res) =>
    new Promise((resolve) => {
      const ms = base + (state.jitterMs ? hash(String(++seq)) % state.jitterMs : 0);
      if (!ms) return resolve();
      const t = setTimeout(resolve, ms);
      res.on("close", () => (clearTimeout(t), resolve()));
    });

  function send(res, status, body) {
    if (res.destroyed || res.writableEnded) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    res.end(text);
  }

  function consumeFailure(kind) {
    const f = state[kind];
    if (!f) return null;
    if (typeof f.count === "number") {
      f.count -= 1;
      if (f.count <= 0) state[kind] = null;
    }
    return f.status;
  }

  async function readBody(req) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    return Buffer.concat(chunks).toString("utf8");
  }

  function checkKey(req, res) {
    const key = req.headers["x-goog-api-key"];
    if (!key) {
      send(
        res,
        403,
        googleError(
          403,
          "PERMISSION_DENIED",
          "The request is missing a valid API key.",
          "API_KEY_INVALID",
        ),
      );
      return false;
    }
    if (key !== apiKey) {
      send(
        res,
        400,
        googleError(
          400,
          "INVALID_ARGUMENT",
          "API key not valid. Please pass a valid API key.",
          "API_KEY_INVALID",
        ),
      );
      return false;
    }
    return true;
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://peer");
    if (url.pathname === "/__peer") {
      if (req.method === "GET") {
        const counts = {
          search: state.requests.filter((r) => r.kind === "search").length,
          details: state.requests.filter((r) => r.kind === "details").length,
        };
        return send(res, 200, { requests: state.requests, counts });
      }
      const body = JSON.parse((await readBody(req)) || "{}");
      if (body.reset)
        Object.assign(state, initial, { requests: [], failSearch: null, failDetails: null });
      for (const k of [
        "searchDelayMs",
        "detailsDelayMs",
        "jitterMs",
        "total",
        "failSearch",
        "failDetails",
      ]) {
        if (k in body) state[k] = body[k];
      }
      return send(res, 200, { ok: true });
    }

    const mask = req.headers["x-goog-fieldmask"];
    if (req.method === "POST" && url.pathname === "/v1/places:searchText") {
      const raw = await readBody(req);
      const entry = {
        kind: "search",
        fieldMask: mask ?? null,
        hasKey: !!req.headers["x-goog-api-key"],
        body: null,
        at: Date.now(),
        aborted: false,
      };
      state.requests.push(entry);
      res.on("close", () => (entry.aborted = !res.writableEnded));
      if (!checkKey(req, res)) return;
      if (!mask) return send(res, 400, googleError(400, "INVALID_ARGUMENT", maskRequired, null));
      const parsedMask = parseMask(String(mask), true);
      if (parsedMask.error)
        return send(res, 400, googleError(400, "INVALID_ARGUMENT", parsedMask.error, null));
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(
          res,
          400,
          googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.", null),
        );
      }
      entry.body = body;
      if (typeof body.textQuery !== "string" || !body.textQuery.trim()) {
        return send(
          res,
          400,
          googleError(400, "INVALID_ARGUMENT", "Missing required field: text_query", null),
        );
      }
      const size = body.pageSize ?? 0;
      if (typeof size !== "number" || size < 0) {
        return send(
          res,
          400,
          googleError(400, "INVALID_ARGUMENT", "page_size must be non-negative.", null),
        );
      }
      const pageSize = size === 0 ? pageSizeMax : Math.min(size, pageSizeMax);
      let offset = 0;
      if (body.pageToken !== undefined) {
        let token = null;
        try {
          token = JSON.parse(Buffer.from(String(body.pageToken), "base64url").toString("utf8"));
        } catch {
          token = null;
        }
        if (!token || token.q !== body.textQuery || typeof token.o !== "number") {
          return send(
            res,
            400,
            googleError(
              400,
              "INVALID_ARGUMENT",
              "The page token is invalid or the request parameters do not match the original request.",
              null,
            ),
          );
        }
        offset = token.o;
      }
      await delay(state.searchDelayMs, res);
      const failure = consumeFailure("failSearch");
      if (failure === 0) return void req.socket.destroy();
      if (failure) return send(res, failure, (cannedFailures[failure] ?? cannedFailures[500])());
      const all = generate(body.textQuery, state.total);
      all.forEach((p) => state.known.set(p.id, p));
      const slice = all.slice(offset, offset + pageSize);
      const out = {};
      if (slice.length) out.places = slice.map((p) => pick(p, parsedMask.fields));
      if (parsedMask.next && offset + pageSize < all.length) {
        out.nextPageToken = Buffer.from(
          JSON.stringify({ q: body.textQuery, o: offset + pageSize }),
        ).toString("base64url");
      }
      return send(res, 200, out);
    }

    const details = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && details) {
      const placeId = decodeURIComponent(details[1]);
      const entry = {
        kind: "details",
        placeId,
        fieldMask: mask ?? null,
        hasKey: !!req.headers["x-goog-api-key"],
        at: Date.now(),
        aborted: false,
      };
      state.requests.push(entry);
      res.on("close", () => (entry.aborted = !res.writableEnded));
      if (!checkKey(req, res)) return;
      if (!mask) return send(res, 400, googleError(400, "INVALID_ARGUMENT", maskRequired, null));
      const parsedMask = parseMask(String(mask), false);
      if (parsedMask.error)
        return send(res, 400, googleError(400, "INVALID_ARGUMENT", parsedMask.error, null));
      if (!/^[A-Za-z0-9_-]{10,}$/.test(placeId)) {
        return send(
          res,
          400,
          googleError(400, "INVALID_ARGUMENT", `Not a valid Place ID: ${placeId}`, null),
        );
      }
      await delay(state.detailsDelayMs, res);
      const failure = consumeFailure("failDetails");
      if (failure === 0) return void req.socket.destroy();
      if (failure) return send(res, failure, (cannedFailures[failure] ?? cannedFailures[500])());
      const place = state.known.get(placeId);
      if (!place) return send(res, 404, cannedFailures[404]());
      return send(res, 200, pick(place, parsedMask.fields));
    }
    return send(res, 404, googleError(404, "NOT_FOUND", `Unknown path ${url.pathname}`, null));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { code: 500, message: String(err) } }));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    port,
    apiKey,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  startPlacesPeer({
    port: Number(arg("port", "4140")),
    apiKey: arg("key", "peer-test-key"),
    searchDelayMs: Number(arg("search-delay", "0")),
    detailsDelayMs: Number(arg("details-delay", "0")),
    jitterMs: Number(arg("jitter", "0")),
  }).then((peer) => console.log(`places peer listening on ${peer.url}`));
}
