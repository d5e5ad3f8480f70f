// Imported first by places.test.ts: starts the Places API (New) peer and points the app's
// configuration at it before anything loads lib/env (which reads process.env once).
import { startPlacesPeer } from "../peers/places-peer.mjs";

export const apiKey = "test-places-key-that-must-never-leak";
export const peer = await startPlacesPeer({ apiKey });
process.env.PLACES_API_KEY = apiKey;
process.env.PLACES_API_BASE_URL = peer.url;
process.env.PLACES_TIMEOUT_MS = "400";
process.env.PLACES_SEARCH_PER_MINUTE = "12";
process.env.PLACES_DETAILS_PER_MINUTE = "30";
