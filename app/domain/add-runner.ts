// Adding a runner by hand (spec section 2, 'Add-runner modal'; decision 0082): the form's schema, its statuses, and
// the validation that turns the raw form into the new row (fields, status, meals priced by the registration rules).
import { z } from "zod";
import { normaliseStatut, registrationTotals, type Statut } from "./registration-rules";
import { type EditableField, type FieldContext, type FieldValue, MSG, parseField, str } from "./registrants";
import { RUNNER_PERSONAL_FIELDS } from "./runner-fields";

export const AddRunnerSchema = z.object({
  nom: str,
  prenom: str,
  email: str,
  genre: str,
  date_naissance: str,
  nationalite: str,
  telephone: str,
  adresse: str,
  adresse_complement: str,
  code_postal: str,
  ville: str,
  pays: str,
  club: str,
  justificatif_type: str,
  numero_licence: str,
  pps_identifier: str,
  contact_urgence_nom: str,
  contact_urgence_telephone: str,
  statut: str,
  dossard: str,
  nombre_repas: str,
  apparaitre_resultats: str,
  depasser_capacite: str,
  depasser_repas: str,
});
export type AddRunnerInput = z.infer<typeof AddRunnerSchema>;

/** The statuses of the add form (spec: en attente, validée, refusée); validée first, the default. */
export const ADD_FORM_STATUTS = [
  ["validee", "validée"],
  ["en_attente", "en attente"],
  ["refusee", "refusée"],
] as const;

export interface NewRunner {
  nom: string;
  prenom: string;
  email: string | null;
  genre: string | null;
  date_naissance: string | null;
  nationalite: string | null;
  telephone: string | null;
  adresse: string | null;
  adresse_complement: string | null;
  code_postal: string | null;
  ville: string | null;
  pays: string | null;
  club: string | null;
  justificatif_type: string | null;
  numero_licence: string | null;
  pps_identifier: string | null;
  contact_urgence_nom: string | null;
  contact_urgence_telephone: string | null;
  statut: Statut;
  dossard: number | null;
  nombre_repas: number;
  apparaitre_resultats: boolean;
  prix_total_repas_cents: number;
  prix_total_coureur_cents: number;
  overrideCapacity: boolean;
  /** The organiser's explicit choice to give meals beyond the stock left. */
  overrideMeals: boolean;
}

export type NewRunnerResult =
  | { ok: true; runner: NewRunner }
  | { ok: false; errors: Partial<Record<keyof AddRunnerInput, string>> };

/**
 * The fields the add form checks besides nom and prénom (checked first, together), in the runner fields' order
 * (runner-fields.ts; the add form asks no PPS expiry), then the registration's own.
 */
const ADD_FORM_FIELDS: readonly EditableField[] = [
  ...RUNNER_PERSONAL_FIELDS.filter((f) => f !== "nom" && f !== "prenom" && f !== "pps_expiration"),
  "dossard",
  "nombre_repas",
];

/**
 * Validates the add form against the format (meal stock and prices). Nom and prénom share one message
 * (spec); the licence number is kept only for a licence, the PPS id only for a PPS.
 */
export function validateNewRunner(
  input: AddRunnerInput,
  format: { stockRepas: number; prixCents: number; prixRepasCents: number },
  today: string,
): NewRunnerResult {
  const errors: Partial<Record<keyof AddRunnerInput, string>> = {};
  const values: Partial<Record<EditableField, FieldValue>> = {};
  const ctx: FieldContext = { stockRepas: format.stockRepas, today, pays: input.pays.trim() || null };
  const fields: EditableField[] = [...ADD_FORM_FIELDS];
  if (input.nom.trim() === "" || input.prenom.trim() === "") {
    if (input.nom.trim() === "") errors.nom = MSG.nameRequired;
    if (input.prenom.trim() === "") errors.prenom = MSG.nameRequired;
  } else {
    fields.push("nom", "prenom");
  }
  for (const f of fields) {
    // Only the chosen justificatif's number is checked and kept (the same rule as the runner's forms).
    if (
      (f === "numero_licence" && values.justificatif_type !== "licence") ||
      (f === "pps_identifier" && values.justificatif_type !== "pps")
    ) {
      values[f] = null;
      continue;
    }
    const r = parseField(f, input[f as keyof AddRunnerInput] ?? "", ctx);
    if (r.ok) values[f] = r.value;
    else errors[f as keyof AddRunnerInput] = r.error;
  }
  const statut = normaliseStatut(input.statut || "validee");
  if (!statut || !ADD_FORM_STATUTS.some(([code]) => code === statut)) errors.statut = MSG.statutInvalid;
  if (Object.keys(errors).length > 0 || !statut) return { ok: false, errors };
  const just = values.justificatif_type as string | null;
  const meals = values.nombre_repas as number;
  const totals = registrationTotals(
    { prix_cents: format.prixCents, prix_repas_cents: format.prixRepasCents, stock_repas: format.stockRepas },
    meals,
  );
  return {
    ok: true,
    runner: {
      nom: values.nom as string,
      prenom: values.prenom as string,
      email: values.email as string | null,
      genre: values.genre as string | null,
      date_naissance: values.date_naissance as string | null,
      nationalite: values.nationalite as string | null,
      telephone: values.telephone as string | null,
      adresse: values.adresse as string | null,
      adresse_complement: values.adresse_complement as string | null,
      code_postal: values.code_postal as string | null,
      ville: values.ville as string | null,
      pays: values.pays as string | null,
      club: values.club as string | null,
      justificatif_type: just,
      numero_licence: just === "licence" ? (values.numero_licence as string | null) : null,
      pps_identifier: just === "pps" ? (values.pps_identifier as string | null) : null,
      contact_urgence_nom: values.contact_urgence_nom as string | null,
      contact_urgence_telephone: values.contact_urgence_telephone as string | null,
      statut,
      dossard: values.dossard as number | null,
      nombre_repas: meals,
      apparaitre_resultats: input.apparaitre_resultats === "on" || input.apparaitre_resultats === "true",
      prix_total_repas_cents: totals.repasCents,
      prix_total_coureur_cents: totals.totalCents,
      overrideCapacity: input.depasser_capacite === "on" || input.depasser_capacite === "true",
      overrideMeals: input.depasser_repas === "on" || input.depasser_repas === "true",
    },
  };
}

/** Does adding a runner with this status exceed the format's capacity? Only place-holding statuses count. */
export function exceedsCapacity(statut: Statut, max: number | null | undefined, taken: number): boolean {
  if (max == null) return false;
  if (statut !== "validee" && statut !== "en_attente") return false;
  return taken >= max;
}
