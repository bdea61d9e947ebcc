// A format block's fields: its facts (name, type, date, distance, places, price, registration window, draw) and its
// bib transfer rules.
import {
  FORMAT_TYPES,
  type FieldErrors,
  type FormatField,
  type FormatValues,
  formatFieldName,
} from "~/domain/course-form";
import { ChoiceField, ChoiceList, type ChoiceSpec, FieldList, type FieldSpec } from "./fields";

const TYPE_LABELS: Record<(typeof FORMAT_TYPES)[number], string> = {
  trail: "Trail",
  rando: "Randonnée",
  route: "Route",
};

const NAME: FieldSpec<FormatField> = {
  field: "nom",
  label: "Nom du format",
  hint: "Par exemple « Découverte 12 km ». Vide\u00a0: « Format sans nom ».",
};

/** The facts after the name and the type, in the order the form shows them. */
const FACTS: readonly FieldSpec<FormatField>[] = [
  { field: "date", label: "Date", type: "date" },
  { field: "heure_depart", label: "Heure de départ", type: "time" },
  { field: "distance_km", label: "Distance (km)", inputMode: "decimal", hint: "Par exemple 12,5" },
  { field: "denivele_dplus", label: "Dénivelé positif D+ (m)", inputMode: "numeric" },
  { field: "denivele_dmoins", label: "Dénivelé négatif D- (m)", inputMode: "numeric" },
  { field: "nb_max_coureurs", label: "Nombre de places", inputMode: "numeric", hint: "Vide\u00a0: sans limite." },
  { field: "adresse_depart", label: "Adresse de départ" },
  { field: "adresse_arrivee", label: "Adresse d'arrivée" },
  { field: "prix", label: "Prix (€)", inputMode: "decimal", hint: "Par exemple 25 ou 12,50. Vide\u00a0: 0\u00a0€." },
  { field: "age_minimum", label: "Âge minimum", inputMode: "numeric" },
  {
    field: "ouverture_date",
    label: "Ouverture des inscriptions (date)",
    type: "date",
    hint: "Vide\u00a0: ouvertes dès la mise en ligne.",
  },
  {
    field: "ouverture_heure",
    label: "Ouverture des inscriptions (heure)",
    type: "time",
    hint: "Heure de Paris. Vide\u00a0: minuit.",
  },
  {
    field: "cloture_date",
    label: "Clôture des inscriptions (date)",
    type: "date",
    hint: "Vide\u00a0: au départ de la course.",
  },
  {
    field: "cloture_heure",
    label: "Clôture des inscriptions (heure)",
    type: "time",
    hint: "Heure de Paris. Vide\u00a0: 23h59.",
  },
  {
    field: "tirage_minutes",
    label: "Tirage au sort à l'ouverture (minutes)",
    inputMode: "numeric",
    hint: "Les arrivées des N premières minutes après l'ouverture passent dans un ordre tiré au sort, annoncé sur la page de l'épreuve. Vide\u00a0: ordre d'arrivée.",
  },
];

const TRANSFER_WINDOW: readonly FieldSpec<FormatField>[] = [
  {
    field: "cession_cloture",
    label: "Transferts possibles jusqu'au (inclus)",
    type: "date",
    hint: "Vide\u00a0: jusqu'au départ.",
  },
  {
    field: "cession_frais",
    label: "Frais de transfert (€)",
    hint: "Gardés par l'organisateur, retenus sur le remboursement du coureur qui cède. Vide\u00a0: aucun.",
  },
];

/** Whether runners may transfer their bib (before the window's fields). */
const TRANSFER_ALLOWED: readonly ChoiceSpec<FormatField>[] = [
  {
    field: "cession_active",
    id: "cession",
    label: "Transfert de dossard entre coureurs",
    options: [
      ["", "Non autorisé"],
      ["oui", "Autorisé"],
    ],
  },
];

/** What follows a transfer: the bib number and the meals (after the window's fields). */
const TRANSFER_AFTER: readonly ChoiceSpec<FormatField>[] = [
  {
    field: "cession_dossard",
    id: "cession-dossard",
    label: "Numéro de dossard après un transfert",
    options: [
      ["", "Le numéro passe au nouveau coureur"],
      ["nouveau", "Nouveau numéro, attribué par l'organisateur"],
    ],
  },
  {
    field: "cession_repas",
    id: "cession-repas",
    label: "Repas du coureur qui cède",
    options: [
      ["", "Ne suivent pas (chacun choisit les siens)"],
      ["suivent", "Suivent le dossard (le nouveau coureur les reprend et les paie)"],
    ],
  },
];

/** The format's facts: what the catalogue shows and when registrations open and close. */
export function FormatFacts({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const name = (field: string) => formatFieldName(i, field);
  return (
    <div className="field-columns">
      <FieldList specs={[NAME]} values={f} errors={errors} name={name} />
      <ChoiceField
        id={`f-type-${i}`}
        name={name("type_epreuve")}
        label="Type d'épreuve"
        value={f.type_epreuve || "trail"}
        options={FORMAT_TYPES.map((t) => [t, TYPE_LABELS[t]] as const)}
      />
      <FieldList specs={FACTS} values={f} errors={errors} name={name} />
    </div>
  );
}

/** Bib transfers between runners (issue 22): allowed or not, until when, the fee, the bib number and the meals. */
export function TransferFields({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const name = (field: string) => formatFieldName(i, field);
  return (
    <div className="field-columns" data-testid={`cession-${i}`}>
      <ChoiceList specs={TRANSFER_ALLOWED} values={f} index={i} name={name} />
      <FieldList specs={TRANSFER_WINDOW} values={f} errors={errors} name={name} />
      <ChoiceList specs={TRANSFER_AFTER} values={f} index={i} name={name} />
    </div>
  );
}
