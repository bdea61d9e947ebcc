import { lazy, Suspense, type ReactNode } from "react";
import { ClientOnly } from "./ClientOnly";
import type { MapMarker } from "./MapView.client";

// Leaflet and its CSS live in their own chunk, fetched only when a map is actually shown.
const MapView = lazy(() => import("./MapView.client"));

export const MAP_HEIGHT = 420;

/** A Leaflet map, loaded lazily in the browser; `fallback` is what the server and no-JS visitors see. */
export function LazyMap(props: {
  tileUrl: string;
  markers?: MapMarker[];
  track?: [number, number][][];
  label: string;
  fallback?: ReactNode;
}) {
  const loading = (
    <p className="map-loading" style={{ height: MAP_HEIGHT }}>
      Chargement de la carte…
    </p>
  );
  return (
    <ClientOnly fallback={props.fallback ?? null}>
      {() => (
        <Suspense fallback={loading}>
          <MapView
            tileUrl={props.tileUrl}
            markers={props.markers}
            track={props.track}
            label={props.label}
            height={MAP_HEIGHT}
          />
        </Suspense>
      )}
    </ClientOnly>
  );
}
