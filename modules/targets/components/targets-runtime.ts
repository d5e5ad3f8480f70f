import { fetchPlaceDetails, searchPlaces } from "@/modules/places/client/search";
import { readSearchCache, writeSearchCache } from "@/modules/targets/lib/search-cache";
import { failureFromError } from "@/modules/targets/lib/search-failure";
import { createTargetsSearch, type TargetsSearch } from "@/modules/targets/lib/search-session";

// What the Targets screen needs once it has hydrated, loaded then (use-targets-search.ts) and
// not with the page: the search flow (API calls and their checks, the session cache,
// enrichment), the call-stats and dial-settings queries, and what exists only once a search
// answered: the result rows, power dialing on them (and the digits and business context a call dials with), the enrichment
// progress bar, the error panel and the demo badge. The stats bar comes with its numbers (the server
// renders it with dashes until then).
export { PowerDialHost } from "@/modules/power-dial/components/power-dial-host";
export { ProgressBar } from "@/components/ui/progress-bar";
export { StatsBar } from "./stats-bar";
export { dialableDigits } from "@/lib/format/phone";
export { businessContextOf } from "@/modules/calls/lib/business-context";
export { DemoBadge } from "./demo-badge";
export { TargetsErrorPanel } from "./targets-error";
export { TargetsQueries } from "./targets-queries";
export { TargetRows } from "./targets-rows";

export function createTargetsStore(): TargetsSearch {
  return createTargetsSearch({
    search: searchPlaces,
    details: fetchPlaceDetails,
    readCache: readSearchCache,
    writeCache: (q, entry) => void writeSearchCache(q, entry),
    toFailure: failureFromError,
  });
}
