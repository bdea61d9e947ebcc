// The Leaflet map as a React component (browser only, loaded lazily by LazyMap): drawMap in an effect.
import { useEffect, useRef } from "react";
import { drawMap, type MapMarker } from "./leaflet-map";

export type { MapMarker } from "./leaflet-map";

export default function MapView({
  tileUrl,
  markers,
  track,
  label,
  height,
}: {
  tileUrl: string;
  markers?: MapMarker[];
  track?: [number, number][][];
  label: string;
  height: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(
    () => (el.current ? drawMap(el.current, { tileUrl, markers, track }) : undefined),
    [tileUrl, markers, track],
  );
  return <div ref={el} className="leaflet-map" style={{ height }} role="region" aria-label={label} />;
}
