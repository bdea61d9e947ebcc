// A format block's fields: its facts (name, type, date, distance, places, price, registration window, draw) and its
// bib transfer rules.
import { FORMAT_TYPES, type FieldErrors, type FormatValues, formatFieldName } from "~/domain/course-form";
import { Field } from "./fields";

const TYPE_LABELS: Record<(typeof FORMAT_TYPES)[number], string> = {
  trail: "Trail",
  rando: "Randonnée",
  route: "Route",
};

/** The format's facts: what the catalogue shows and when registrations open and close. */
export function FormatFacts({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const n = (field: string) => formatFieldName(i, field);
  const e = (field: string) => errors[n(field)];
  return (
    <div className="grid-2">
      <Field
        name={n("nom")}
        label="Nom du format"
        value={f.nom}
        error={e("nom")}
        hint={"Par exemple « Découverte 12 km ». Vide\u00a0: « Format sans nom »."}
      />
      <div className="field">
        <label htmlFor={`f-type-${i}`}>Type d'épreuve</label>
        <select id={`f-type-${i}`} name={n("type_epreuve")} defaultValue={f.type_epreuve || "trail"}>
          {FORMAT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <Field name={n("date")} label="Date" type="date" value={f.date} error={e("date")} />
      <Field
        name={n("heure_depart")}
        label="Heure de départ"
        type="time"
        value={f.heure_depart}
        error={e("heure_depart")}
      />
      <Field
        name={n("distance_km")}
        label="Distance (km)"
        inputMode="decimal"
        value={f.distance_km}
        error={e("distance_km")}
        hint="Par exemple 12,5"
      />
      <Field
        name={n("denivele_dplus")}
        label="Dénivelé positif D+ (m)"
        inputMode="numeric"
        value={f.denivele_dplus}
        error={e("denivele_dplus")}
      />
      <Field
        name={n("denivele_dmoins")}
        label="Dénivelé négatif D- (m)"
        inputMode="numeric"
        value={f.denivele_dmoins}
        error={e("denivele_dmoins")}
      />
      <Field
        name={n("nb_max_coureurs")}
        label="Nombre de places"
        inputMode="numeric"
        value={f.nb_max_coureurs}
        error={e("nb_max_coureurs")}
        hint={"Vide\u00a0: sans limite."}
      />
      <Field
        name={n("adresse_depart")}
        label="Adresse de départ"
        value={f.adresse_depart}
        error={e("adresse_depart")}
      />
      <Field
        name={n("adresse_arrivee")}
        label="Adresse d'arrivée"
        value={f.adresse_arrivee}
        error={e("adresse_arrivee")}
      />
      <Field
        name={n("prix")}
        label="Prix (€)"
        inputMode="decimal"
        value={f.prix}
        error={e("prix")}
        hint={"Par exemple 25 ou 12,50. Vide\u00a0: 0\u00a0€."}
      />
      <Field
        name={n("age_minimum")}
        label="Âge minimum"
        inputMode="numeric"
        value={f.age_minimum}
        error={e("age_minimum")}
      />
      <Field
        name={n("ouverture_date")}
        label="Ouverture des inscriptions (date)"
        type="date"
        value={f.ouverture_date}
        error={e("ouverture_date")}
        hint={"Vide\u00a0: ouvertes dès la mise en ligne."}
      />
      <Field
        name={n("ouverture_heure")}
        label="Ouverture des inscriptions (heure)"
        type="time"
        value={f.ouverture_heure}
        error={e("ouverture_heure")}
        hint={"Heure de Paris. Vide\u00a0: minuit."}
      />
      <Field
        name={n("cloture_date")}
        label="Clôture des inscriptions (date)"
        type="date"
        value={f.cloture_date}
        error={e("cloture_date")}
        hint={"Vide\u00a0: au départ de la course."}
      />
      <Field
        name={n("cloture_heure")}
        label="Clôture des inscriptions (heure)"
        type="time"
        value={f.cloture_heure}
        error={e("cloture_heure")}
        hint={"Heure de Paris. Vide\u00a0: 23h59."}
      />
      <Field
        name={n("tirage_minutes")}
        label="Tirage au sort à l'ouverture (minutes)"
        inputMode="numeric"
        value={f.tirage_minutes}
        error={e("tirage_minutes")}
        hint={
          "Les arrivées des N premières minutes après l'ouverture passent dans un ordre tiré au sort, annoncé sur la page de l'épreuve. Vide\u00a0: ordre d'arrivée."
        }
      />
    </div>
  );
}

/** Bib transfers between runners (issue 22): allowed or not, until when, the fee, the bib number and the meals. */
export function TransferFields({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const n = (field: string) => formatFieldName(i, field);
  const e = (field: string) => errors[n(field)];
  return (
    <div className="grid-2" data-testid={`cession-${i}`}>
      <div className="field">
        <label htmlFor={`f-cession-${i}`}>Transfert de dossard entre coureurs</label>
        <select id={`f-cession-${i}`} name={n("cession_active")} defaultValue={f.cession_active}>
          <option value="">Non autorisé</option>
          <option value="oui">Autorisé</option>
        </select>
      </div>
      <Field
        name={n("cession_cloture")}
        label="Transferts possibles jusqu'au (inclus)"
        type="date"
        value={f.cession_cloture}
        error={e("cession_cloture")}
        hint={"Vide\u00a0: jusqu'au départ."}
      />
      <Field
        name={n("cession_frais")}
        label="Frais de transfert (€)"
        value={f.cession_frais}
        error={e("cession_frais")}
        hint={"Gardés par l'organisateur, retenus sur le remboursement du coureur qui cède. Vide\u00a0: aucun."}
      />
      <div className="field">
        <label htmlFor={`f-cession-dossard-${i}`}>Numéro de dossard après un transfert</label>
        <select id={`f-cession-dossard-${i}`} name={n("cession_dossard")} defaultValue={f.cession_dossard}>
          <option value="">Le numéro passe au nouveau coureur</option>
          <option value="nouveau">Nouveau numéro, attribué par l'organisateur</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`f-cession-repas-${i}`}>Repas du coureur qui cède</label>
        <select id={`f-cession-repas-${i}`} name={n("cession_repas")} defaultValue={f.cession_repas}>
          <option value="">Ne suivent pas (chacun choisit les siens)</option>
          <option value="suivent">Suivent le dossard (le nouveau coureur les reprend et les paie)</option>
        </select>
      </div>
    </div>
  );
}
