// Browser only (loaded lazily by PositionPicker): a Leaflet map with a draggable marker that writes the
// event's latitude and longitude into the form's lat/lng fields (French decimal comma). Clicking the map moves
// the marker too. Without JavaScript the fields alone are the way to correct the position.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";

const FRANCE: [number, number] = [46.6, 2.4];

function readField(id: string): number | null {
  const el = document.getElementById(id) as HTMLInputElement | null;
  if (!el || el.value.trim() === "") return null;
  const n = Number(el.value.trim().replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

function writeField(id: string, value: number) {
  const el = document.getElementById(id) as HTMLInputElement | null;
  if (!el) return;
  el.value = value.toFixed(5).replace(".", ",");
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

export default function PositionPicker({
  tileUrl,
  latId,
  lngId,
  height,
}: {
  tileUrl: string;
  latId: string;
  lngId: string;
  height: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const lat = readField(latId);
    const lng = readField(lngId);
    const start: [number, number] = lat != null && lng != null ? [lat, lng] : FRANCE;
    const map = L.map(el.current, { scrollWheelZoom: false }).setView(start, lat != null && lng != null ? 12 : 5);
    L.tileLayer(tileUrl, {
      maxZoom: 18,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    }).addTo(map);
    const icon = L.divIcon({ className: "position-marker", iconSize: [22, 22], iconAnchor: [11, 11] });
    const marker = L.marker(start, {
      draggable: true,
      icon,
      keyboard: true,
      title: "Position de l'épreuve (déplaçable)",
    }).addTo(map);
    const place = (p: L.LatLng) => {
      writeField(latId, p.lat);
      writeField(lngId, p.lng);
    };
    marker.on("dragend", () => place(marker.getLatLng()));
    map.on("click", (e: L.LeafletMouseEvent) => {
      marker.setLatLng(e.latlng);
      place(e.latlng);
    });
    return () => {
      map.remove();
    };
  }, [tileUrl, latId, lngId]);
  return (
    <div
      ref={el}
      className="leaflet-map position-picker"
      style={{ height }}
      role="region"
      aria-label={"Carte\u00a0: déplacez le repère pour corriger la position"}
      data-testid="position-picker"
    />
  );
}
