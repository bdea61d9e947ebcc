import { useRootData } from "~/components/root-data";
import { lazy, Suspense } from "react";
import { ClientOnly } from "~/components/catalogue/ClientOnly";

// Leaflet only loads when the organiser opens the position block with JavaScript on.
const Picker = lazy(() => import("./PositionPicker.client"));

const HEIGHT = 300;

/** A draggable marker bound to the lat/lng fields; nothing at all without JavaScript (the fields suffice). */
export function PositionPicker({ latId, lngId }: { latId: string; lngId: string }) {
  const root = useRootData();
  const tileUrl = root?.tileUrl ?? "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png";
  return (
    <ClientOnly>
      {() => (
        <Suspense
          fallback={
            <p className="hint" style={{ height: HEIGHT }}>
              Chargement de la carte…
            </p>
          }
        >
          <p className="hint">Déplacez le repère (ou cliquez sur la carte) pour corriger la position.</p>
          <Picker tileUrl={tileUrl} latId={latId} lngId={lngId} height={HEIGHT} />
        </Suspense>
      )}
    </ClientOnly>
  );
}
