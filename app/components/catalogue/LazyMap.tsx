import { lazy, Suspense, type ReactNode } from "react";
import { IslandData, useStaticPage } from "~/components/islands";
import { ClientOnly } from "./ClientOnly";
import type { MapMarker } from "./MapView.client";

// Leaflet and its CSS live in their own chunk, fetched only when a map is actually shown.
const MapView = lazy(() => import("./MapView.client"));

export const MAP_HEIGHT = 420;

/**
 * A Leaflet map, loaded lazily in the browser; `fallback` is what the server and no-JS visitors see. On a static
 * page, the same fallback and the map island (app/islands/map.ts).
 */
export function LazyMap(props: {
  tileUrl: string;
  markers?: MapMarker[];
  track?: [number, number][][];
  label: string;
  fallback?: ReactNode;
}) {
  // A static page (ADR 0222): the fallback and the map's data, which the map island draws once it is in sight.
  if (useStaticPage())
    return (
      <div className="map-island" data-map-island="">
        {props.fallback ?? null}
        <IslandData
          value={{
            tileUrl: props.tileUrl,
            markers: props.markers,
            track: props.track,
            label: props.label,
            height: MAP_HEIGHT,
          }}
        />
      </div>
    );
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
