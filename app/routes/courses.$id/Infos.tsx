// The 'Infos pratiques' tab: the selected format's logistics, prices, supplies, rules and lodging.
import { EVENT_TYPES, splitSupplies } from "~/domain/catalogue";
import { formatDateLong, formatEuros, formatKm, formatMeters, formatTime } from "~/domain/format";
import type { Data } from "./page-data";
import { FormatPicker } from "./Tabs";

function mapsSearch(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** A start or finish address, linked to its place on the map; a dash when there is none. */
function AddressLine({ label, address }: { label: string; address: string | null }) {
  return (
    <p>
      <strong>{`${label}\u00a0:`}</strong>{" "}
      {address ? (
        <a href={mapsSearch(address)} rel="noopener noreferrer" target="_blank">
          {address}
        </a>
      ) : (
        "—"
      )}
    </p>
  );
}

export function Infos({ d }: { d: Data }) {
  const f = d.formats.find((x) => x.id === d.selectedId);
  if (!f) return <p className="empty">Aucun format pour le moment.</p>;
  const supplies = splitSupplies(f.ravitaillements);
  const lodging = (f.hebergements ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <div className="tab-panel">
      <FormatPicker d={d} tab="infos" />
      <div className="info-grid">
        <section className="card info-card">
          <h3>Logistique</h3>
          <p>
            <strong>Date et heure&nbsp;:</strong> {f.date ? formatDateLong(f.date) : "À venir"}
            {f.heure_depart ? `, départ à ${formatTime(f.heure_depart)}` : ""}
          </p>
          <AddressLine label="Départ" address={f.adresse_depart} />
          <AddressLine label="Arrivée" address={f.adresse_arrivee} />
          <p>
            <strong>Âge minimum&nbsp;:</strong> {f.age_minimum != null ? `${f.age_minimum} ans` : "—"}
          </p>
        </section>
        <section className="card info-card">
          <h3>Course & tarifs</h3>
          <p>
            <strong>Type&nbsp;:</strong> {EVENT_TYPES[f.type_epreuve as keyof typeof EVENT_TYPES] ?? f.type_epreuve}
          </p>
          <p>
            <strong>Distance&nbsp;:</strong> {formatKm(f.distance_km)} · <strong>D+</strong>&nbsp;
            {formatMeters(f.denivele_dplus)} · <strong>D-</strong>&nbsp;{formatMeters(f.denivele_dmoins)}
          </p>
          <p>
            <strong>Prix&nbsp;:</strong> {formatEuros(f.prix_cents)}
          </p>
          {f.stock_repas > 0 ? (
            <p>
              <strong>Repas&nbsp;:</strong> {formatEuros(f.prix_repas_cents)}
            </p>
          ) : null}
          <p>
            <strong>Dotation&nbsp;:</strong> {f.dotation ?? "—"}
          </p>
          <p data-testid="transfer-rules">
            <strong>Transfert de dossard&nbsp;:</strong> {f.transferRules ?? "non autorisé par l'organisateur."}
          </p>
        </section>
        <section className="card info-card">
          <h3>Ravitaillements</h3>
          <TextLines lines={supplies} empty="Non précisés." />
          <p>
            <strong>Retrait des dossards&nbsp;:</strong> {f.remise_dossards ?? "—"}
          </p>
        </section>
        <section className="card info-card">
          <h3>Règlement</h3>
          {f.reglement_pdf_url ? (
            <p>
              <a href={f.reglement_pdf_url} download>
                Télécharger le règlement (PDF)
              </a>
            </p>
          ) : (
            <p className="muted">Règlement non fourni.</p>
          )}
          <p>
            <strong>Hébergements&nbsp;:</strong>
          </p>
          <TextLines lines={lodging} empty="Aucun hébergement indiqué." />
        </section>
      </div>
      {f.presentation_parcours ? <p className="presentation">{f.presentation_parcours}</p> : null}
    </div>
  );
}

/** The lines of an organiser's text as a list, in order (they may repeat); `empty` when there are none. */
function TextLines({ lines, empty }: { lines: readonly string[]; empty: string }) {
  return lines.length ? (
    <ul>
      {lines.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of the organiser's text, in order, may repeat
        <li key={i}>{s}</li>
      ))}
    </ul>
  ) : (
    <p className="muted">{empty}</p>
  );
}
