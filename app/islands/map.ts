// Map island (docs/decisions/0222): on a static page, each map the server left (LazyMap: its fallback and its data)
// is drawn once it comes near the screen; Leaflet and its CSS are fetched only then.
import type { MapContent } from "~/components/catalogue/leaflet-map";

interface MapIslandData extends MapContent {
  label: string;
  height: number;
}

async function show(el: HTMLElement) {
  const json = el.querySelector("script[data-island-data]")?.textContent;
  if (!json) return;
  const data = JSON.parse(json) as MapIslandData;
  const loading = document.createElement("p");
  loading.className = "map-loading";
  loading.style.height = `${data.height}px`;
  loading.textContent = "Chargement de la carte…";
  el.replaceChildren(loading);
  try {
    const { drawMap } = await import("~/components/catalogue/leaflet-map");
    const box = document.createElement("div");
    box.className = "leaflet-map";
    box.style.height = `${data.height}px`;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", data.label);
    el.replaceChildren(box);
    drawMap(box, data);
  } catch (e) {
    loading.textContent = "La carte n'a pas pu être chargée.";
    console.error("carte : chargement impossible", e);
  }
}

const maps = document.querySelectorAll<HTMLElement>("[data-map-island]");
if (maps.length > 0) {
  if (typeof IntersectionObserver === "undefined") for (const el of maps) void show(el);
  else {
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          io.unobserve(e.target);
          void show(e.target as HTMLElement);
        }
      },
      { rootMargin: "300px 0px" },
    );
    for (const el of maps) io.observe(el);
  }
}
