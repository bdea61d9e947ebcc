// Leaflet map (browser only: loaded lazily by LazyMap in a React page, by the map island otherwise, ADR 0222). Single events are circle markers (no image assets); events
// close together at the current zoom are drawn as one cluster with their count (cluster.ts), which zooms in when
// clicked or activated with the keyboard. Popups are built with DOM nodes, never from HTML strings.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { clusterLabel, gridClusters } from "./cluster";

export interface MapMarker {
  lat: number;
  lng: number;
  title: string;
  subtitle?: string;
  href: string;
}

/** Screen size of a clustering cell, in pixels. */
const CLUSTER_CELL = 56;

function popupFor(m: MapMarker): HTMLElement {
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
  return popup;
}

/** What a map shows: its tiles, its events (clustered) and its route. */
export interface MapContent {
  tileUrl: string;
  markers?: MapMarker[];
  track?: [number, number][][];
}

/** Draws the map in `el`; returns what removes it. */
export function drawMap(el: HTMLElement, { tileUrl, markers = [], track = [] }: MapContent): () => void {
  const map = L.map(el, { scrollWheelZoom: false });
  L.tileLayer(tileUrl, {
    maxZoom: 18,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  }).addTo(map);
  const layer = L.layerGroup().addTo(map);
  const draw = () => {
    layer.clearLayers();
    const zoom = map.getZoom();
    const groups = gridClusters(markers, (m) => map.project([m.lat, m.lng], zoom), CLUSTER_CELL);
    for (const g of groups) {
      if (g.length === 1 || zoom >= map.getMaxZoom()) {
        for (const m of g) {
          L.circleMarker([m.lat, m.lng], {
            radius: 8,
            color: "#0f5132",
            weight: 2,
            fillColor: "#c2410c",
            fillOpacity: 0.9,
          })
            .bindPopup(popupFor(m))
            .bindTooltip(m.title)
            .addTo(layer);
        }
        continue;
      }
      const bounds = L.latLngBounds(g.map((m) => [m.lat, m.lng] as [number, number]));
      const size = g.length < 10 ? 34 : g.length < 100 ? 40 : 48;
      L.marker(bounds.getCenter(), {
        icon: L.divIcon({ className: "map-cluster", html: `<span>${g.length}</span>`, iconSize: [size, size] }),
        title: clusterLabel(g.length),
        alt: clusterLabel(g.length),
        keyboard: true,
      })
        .on("click", () => map.fitBounds(bounds.pad(0.2), { maxZoom: Math.min(zoom + 3, map.getMaxZoom()) }))
        .addTo(layer);
    }
  };
  const bounds = L.latLngBounds([]);
  for (const m of markers) bounds.extend([m.lat, m.lng]);
  for (const seg of track) {
    if (seg.length === 0) continue;
    L.polyline(seg, { color: "#c2410c", weight: 4 }).addTo(map);
    for (const p of seg) bounds.extend(p);
  }
  map.on("zoomend", draw);
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 13 });
  else map.setView([46.6, 2.4], 5);
  draw();
  return () => {
    map.remove();
  };
}
