/**
 * What the map popup shows (spec 4 "Map": loading, loaded, failed; spec 8 texts), decided from
 * everything that can go wrong before and after the maps script arrives.
 */
export type MapView =
  | { kind: "noCoordinates" }
  | { kind: "failed"; reason: "missingKey" | "load" | "auth" }
  | { kind: "renderFailed" }
  | { kind: "loading" }
  | { kind: "loaded" };

/** The maps library's loader states (APILoadingStatus of @vis.gl/react-google-maps). */
export type ApiStatus = "NOT_LOADED" | "LOADING" | "LOADED" | "FAILED" | "AUTH_FAILURE";

export function mapView(input: {
  hasCoordinates: boolean;
  apiKey: string | null | undefined;
  apiStatus: ApiStatus;
  /** window.gm_authFailure fired: the key was rejected (this never reaches onError). */
  authFailed: boolean;
  /** The map threw while being created or drawn. */
  renderFailed: boolean;
  /** The map instance exists. */
  mapReady: boolean;
}): MapView {
  if (!input.hasCoordinates) return { kind: "noCoordinates" };
  if (!input.apiKey) return { kind: "failed", reason: "missingKey" };
  if (input.authFailed || input.apiStatus === "AUTH_FAILURE")
    return { kind: "failed", reason: "auth" };
  if (input.apiStatus === "FAILED") return { kind: "failed", reason: "load" };
  if (input.renderFailed) return { kind: "renderFailed" };
  if (input.apiStatus === "LOADED" && input.mapReady) return { kind: "loaded" };
  return { kind: "loading" };
}

/** Spec 9: the popup's map is a terrain map at zoom 14. */
export const MAP_ZOOM = 14;
export const MAP_TYPE = "terrain";
