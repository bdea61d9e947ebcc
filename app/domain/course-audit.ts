// What an edit of an event changed, for the journal (decision 0212): the event's fields and each format's, before →
// after, in the words of the event form, prices in euros; formats added and removed. Pure.
import { auditText, type FieldChange, fieldChanges } from "./audit";
import { formatEuros } from "./format";

/** The event's fields the journal follows, with their labels. */
export const COURSE_AUDIT_LABELS: Record<string, string> = {
  nom: "Nom",
  lieu: "Lieu",
  code_postal: "Code postal",
  departement: "Département",
  presentation: "Présentation",
  image_url: "Image",
  lat: "Latitude",
  lng: "Longitude",
};

/** Each format's fields the journal follows, with their labels. */
export const FORMAT_AUDIT_LABELS: Record<string, string> = {
  nom: "Nom",
  type_epreuve: "Type",
  date: "Date",
  heure_depart: "Heure de départ",
  distance_km: "Distance (km)",
  denivele_dplus: "D+",
  denivele_dmoins: "D-",
  adresse_depart: "Adresse de départ",
  adresse_arrivee: "Adresse d'arrivée",
  prix_cents: "Prix",
  nb_max_coureurs: "Places",
  stock_repas: "Stock de repas",
  prix_repas_cents: "Prix du repas",
  age_minimum: "Âge minimum",
  ouverture_inscriptions: "Ouverture des inscriptions",
  cloture_inscriptions: "Clôture des inscriptions",
  tirage_minutes: "Tirage au sort (minutes)",
  cession_active: "Transfert de dossard",
  cession_cloture: "Fin des transferts",
  cession_frais_cents: "Frais de transfert",
  gpx_url: "Trace GPX",
  reglement_pdf_url: "Règlement",
  image_url: "Image",
  ravitaillements: "Ravitaillements",
  remise_dossards: "Remise des dossards",
  dotation: "Dotation",
  hebergements: "Hébergements",
  presentation_parcours: "Présentation du parcours",
};

type Row = Record<string, unknown>;

/** A row as the journal shows it: amounts in cents as euros ('25,00 €'), the rest as text. */
function shown(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = key.endsWith("_cents") && typeof value === "number" ? formatEuros(value) : auditText(value);
  }
  return out;
}

/** What changed between two states of an event and its formats (matched by id). */
export function courseChanges(
  before: { course: Row; formats: Row[] },
  after: { course: Row; formats: Row[] },
): FieldChange[] {
  const changes = fieldChanges(shown(before.course), shown(after.course), COURSE_AUDIT_LABELS);
  const previous = new Map(before.formats.map((f) => [String(f.id), f]));
  const kept = new Set<string>();
  for (const f of after.formats) {
    const name = auditText(f.nom);
    const old = previous.get(String(f.id));
    if (!old) {
      changes.push({ champ: "Format ajouté", avant: "", apres: name });
      continue;
    }
    kept.add(String(f.id));
    for (const c of fieldChanges(shown(old), shown(f), FORMAT_AUDIT_LABELS)) {
      changes.push({ ...c, champ: `${auditText(old.nom)} — ${c.champ}` });
    }
  }
  for (const f of before.formats) {
    if (!kept.has(String(f.id))) changes.push({ champ: "Format supprimé", avant: auditText(f.nom), apres: "" });
  }
  return changes;
}
