"use client";

import { Component, useEffect, useState } from "react";
import {
  APIProvider,
  Map as GoogleMap,
  Marker,
  useApiLoadingStatus,
  useMap,
} from "@vis.gl/react-google-maps";
import { ExternalLink, TriangleAlert, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton, Spinner } from "@/components/ui";
import { MAP_TYPE, MAP_ZOOM, mapView, type MapView } from "@/modules/facility/lib/map-view";
import type { FacilityPlace } from "@/modules/facility/lib/types";
import { useMapsAuthFailed } from "./maps-auth";
import { useMapsKey } from "./maps-key";

// The failed state is read from the loader's status; onError only keeps the library from
// logging the same failure to the console a second time.
const ignoreLoadError = () => undefined;

/**
 * The map popup (spec 2 and 4 "Map"): a terrain map at zoom 14 with a marker on the place. It
 * floats beside the drawer on wide screens and sits at the top of the drawer on phones.
 */
export function MapPopup({
  place,
  name,
  onClose,
}: {
  place: FacilityPlace;
  /** The place's display name (with the `(Unnamed)` fallback applied). */
  name: string;
  onClose: () => void;
}) {
  const t = useTranslations("Facility");
  const apiKey = useMapsKey();
  const geometry = place.geometry ?? null;
  const early = mapView({
    hasCoordinates: geometry !== null,
    apiKey,
    apiStatus: "NOT_LOADED",
    authFailed: false,
    renderFailed: false,
    mapReady: false,
  });
  return (
    <section
      aria-label={t("map.title", { name })}
      data-testid="facility-map-popup"
      className="mb-4 overflow-hidden rounded-xl border border-line bg-surface shadow-xl lg:fixed lg:end-[29rem] lg:top-4 lg:z-[96] lg:mb-0 lg:w-[min(28rem,calc(100vw-31rem))]"
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
        <h3 className="truncate text-sm font-semibold text-fg">{t("map.title", { name })}</h3>
        <IconButton label={t("map.close")} size="sm" tooltip={false} onClick={onClose}>
          <X aria-hidden />
        </IconButton>
      </div>
      <div className="relative h-64 bg-surface-muted sm:h-72">
        {geometry && apiKey ? (
          <APIProvider apiKey={apiKey} onError={ignoreLoadError}>
            <LiveMap lat={geometry.lat} lng={geometry.lng} name={name} placeUrl={place.place_url} />
          </APIProvider>
        ) : early.kind === "noCoordinates" || early.kind === "failed" ? (
          <MapMessage view={early} placeUrl={place.place_url} />
        ) : null}
      </div>
    </section>
  );
}

function LiveMap({
  lat,
  lng,
  name,
  placeUrl,
}: {
  lat: number;
  lng: number;
  name: string;
  placeUrl?: string | null;
}) {
  const apiStatus = useApiLoadingStatus();
  const authFailed = useMapsAuthFailed();
  const [renderFailed, setRenderFailed] = useState(false);
  const [mapReady, setMapReady] = useState(false);
  const view = mapView({
    hasCoordinates: true,
    apiKey: "set",
    apiStatus,
    authFailed,
    renderFailed,
    mapReady,
  });
  if (view.kind === "failed" || view.kind === "renderFailed") {
    return <MapMessage view={view} placeUrl={placeUrl} />;
  }
  return (
    <>
      <MapErrorBoundary onError={() => setRenderFailed(true)}>
        <GoogleMap
          defaultCenter={{ lat, lng }}
          defaultZoom={MAP_ZOOM}
          mapTypeId={MAP_TYPE}
          gestureHandling="cooperative"
          className="h-full w-full"
        >
          <Marker position={{ lat, lng }} title={name} />
          <ReadySignal onReady={setMapReady} />
        </GoogleMap>
      </MapErrorBoundary>
      <MapStatus view={view} />
    </>
  );
}

/** Rendered by the map only once its instance exists: that is the loaded state. */
function ReadySignal({ onReady }: { onReady: (ready: boolean) => void }) {
  const map = useMap();
  useEffect(() => {
    onReady(map !== null);
  }, [map, onReady]);
  return null;
}

function MapStatus({ view }: { view: MapView }) {
  const t = useTranslations("Facility");
  if (view.kind === "loaded") {
    return (
      <p role="status" className="sr-only" data-map-state="loaded">
        {t("map.loaded")}
      </p>
    );
  }
  return (
    <div
      role="status"
      data-map-state="loading"
      className="absolute inset-0 flex items-center justify-center gap-2 bg-surface-muted text-sm text-fg-muted"
    >
      <Spinner />
      {t("map.loading")}
    </div>
  );
}

function MapMessage({
  view,
  placeUrl,
}: {
  view: Extract<MapView, { kind: "noCoordinates" | "failed" | "renderFailed" }>;
  placeUrl?: string | null;
}) {
  const t = useTranslations("Facility");
  const text =
    view.kind === "noCoordinates"
      ? t("map.noCoordinates")
      : view.kind === "renderFailed"
        ? t("map.renderFailed")
        : t("map.failed");
  return (
    <div
      role={view.kind === "noCoordinates" ? "status" : "alert"}
      data-map-state={view.kind === "noCoordinates" ? "no-coordinates" : view.kind}
      className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm"
    >
      {view.kind !== "noCoordinates" ? (
        <TriangleAlert aria-hidden className="size-5 text-danger-text" />
      ) : null}
      <p className="font-medium text-fg">{text}</p>
      {view.kind === "failed" && view.reason === "missingKey" ? (
        <p className="text-fg-muted">{t("map.missingKey")}</p>
      ) : null}
      {placeUrl ? (
        <a
          href={placeUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary-text underline underline-offset-2"
        >
          {t("map.openInMaps")}
          <ExternalLink aria-hidden className="size-3.5" />
          <span className="sr-only">{t("address.opensNewTab")}</span>
        </a>
      ) : null}
    </div>
  );
}

/** The map library throws from effects when the Maps API misbehaves: show it, not a crash. */
class MapErrorBoundary extends Component<
  { onError: () => void; children: React.ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
