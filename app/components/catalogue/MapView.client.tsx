// Leaflet map (browser only, loaded lazily by LazyMap). Markers are circle markers (no image assets);
// popups are built with DOM nodes, never from HTML strings.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";

export interface MapMarker {
  lat: number;
  lng: number;
  title: string;
  subtitle?: string;
  href: string;
}

export default function MapView({ tileUrl, markers = [], track = [], label, height }: {
  tileUrl: string;
  markers?: MapMarker[];
  track?: [number, number][][];
  label: string;
  height: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const map = L.map(el.current, { scrollWheelZoom: false });
    L.tileLayer(tileUrl, {
      maxZoom: 18,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(map);
    const bounds = L.latLngBounds([]);
    for (const m of markers) {
      const popup = document.createElement("div");
      const a = document.createElement("a");
      a.href = m.href;
      a.textContent = m.title;
      popup.appendChild(a);
      if (m.subtitle) {
        const p = document.createElement("div");
        p.textContent = m.subtitle;
        popup.appendChild(p);
      }
      L.circleMarker([m.lat, m.lng], { radius: 8, color: "#0f5132", weight: 2, fillColor: "#c2410c", fillOpacity: 0.9 })
        .bindPopup(popup)
        .bindTooltip(m.title)
        .addTo(map);
      bounds.extend([m.lat, m.lng]);
    }
    for (const seg of track) {
      if (seg.length === 0) continue;
      L.polyline(seg, { color: "#c2410c", weight: 4 }).addTo(map);
      for (const p of seg) bounds.extend(p);
    }
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 13 });
    else map.setView([46.6, 2.4], 5);
    return () => {
      map.remove();
    };
  }, [tileUrl, markers, track]);
  return <div ref={el} className="leaflet-map" style={{ height }} role="region" aria-label={label} />;
}
