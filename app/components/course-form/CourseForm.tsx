// The create/edit event form: a general block and repeatable format blocks. Without JavaScript every button
// is a submit button with an intent and the server re-renders the form with everything kept; with JavaScript
// the same <Form> submits in the background and the page updates in place.
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useState } from "react";
import { PositionPicker } from "./PositionPicker";
import {
  FORMAT_TYPES,
  formatFieldName,
  type CourseFormValues,
  type FieldErrors,
  type FormatValues,
} from "~/domain/course-form";
import { Field as SharedField, type FieldProps } from "~/components/Field";

const TYPE_LABELS: Record<(typeof FORMAT_TYPES)[number], string> = {
  trail: "Trail",
  rando: "Randonnée",
  route: "Route",
};

/** The event form's fields: ids without the brackets of the formats' names, no browser autofill unless asked. */
function Field({ value, ...props }: Omit<FieldProps, "defaultValue" | "id"> & { value: string }) {
  return (
    <SharedField
      {...props}
      id={`f-${props.name.replace(/[^a-z0-9]/gi, "-")}`}
      defaultValue={value}
      autoComplete={props.autoComplete ?? "off"}
    />
  );
}

interface FileFieldProps {
  name: string;
  urlName: string;
  label: string;
  url: string;
  accept: string;
  hint: string;
  error?: string;
  kind: "image" | "file";
}

/** A file input plus, when a file is already attached, a hidden field keeping it and a way to remove it. */
function FileField({ name, urlName, label, url, accept, hint, error, kind }: FileFieldProps) {
  const id = `f-${name.replace(/[^a-z0-9]/gi, "-")}`;
  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <input type="hidden" name={urlName} value={url} />
      {url ? (
        <div className="file-current">
          {kind === "image" ? <img src={url} alt="" width={160} height={90} loading="lazy" /> : null}
          <p className="small">
            Fichier joint&nbsp;: <a href={url}>{kind === "image" ? "voir l'image" : "télécharger"}</a>
          </p>
          <label className="checkbox small">
            <input type="checkbox" name={`${urlName}_remove`} /> Retirer ce fichier
          </label>
        </div>
      ) : null}
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p className="hint" id={`${id}-hint`}>
        {url ? `Choisir un fichier le remplace. ${hint}` : hint}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Meals: a 'Repas proposé' toggle (not stored: it follows the meal stock). Without JavaScript both fields always
 * show; with JavaScript, unticking hides both (stock and price) and sends the stock as 0, so the meal price no longer
 * counts; the price typed stays in the form and is stored as typed, so ticking again brings it back.
 */
function MealFields({ f, i, errors }: { f: FormatValues; i: number; errors: FieldErrors }) {
  const n = (field: string) => formatFieldName(i, field);
  const initiallyOn = !/^\s*0?\s*$/.test(f.stock_repas) || !!errors[n("stock_repas")] || !!errors[n("prix_repas")];
  const [hydrated, setHydrated] = useState(false);
  const [on, setOn] = useState(initiallyOn);
  useEffect(() => setHydrated(true), []);
  const hidden = hydrated && !on;
  return (
    <div className="meal-fields">
      {hydrated ? (
        <label className="checkbox">
          <input type="checkbox" checked={on} onChange={(ev) => setOn(ev.target.checked)} /> Repas proposé
        </label>
      ) : null}
      {hidden ? <input type="hidden" name={n("stock_repas")} value="0" /> : null}
      <div className="grid-2" hidden={hidden} data-testid={`repas-${i}`}>
        {hidden ? null : (
          <Field
            name={n("stock_repas")}
            label="Stock de repas"
            inputMode="numeric"
            value={f.stock_repas}
            error={errors[n("stock_repas")]}
            hint={"0\u00a0: pas de repas proposé."}
          />
        )}
        <Field
          name={n("prix_repas")}
          label="Prix du repas (€)"
          inputMode="decimal"
          value={f.prix_repas}
          error={errors[n("prix_repas")]}
          hint="Compté seulement si le stock de repas est supérieur à 0."
        />
      </div>
    </div>
  );
}

function FormatBlock({
  f,
  i,
  errors,
  registered,
  count,
}: {
  f: FormatValues;
  i: number;
  errors: FieldErrors;
  registered?: number;
  count: number;
}) {
  const n = (field: string) => formatFieldName(i, field);
  const e = (field: string) => errors[n(field)];
  return (
    <fieldset className="card format-block" id={`format-${i + 1}`}>
      <legend>
        Format {i + 1}
        {f.nom ? ` — ${f.nom}` : ""}
      </legend>
      <input type="hidden" name={n("key")} value={f.key} />
      <input type="hidden" name={n("id")} value={f.id} />
      {registered != null ? <p className="muted small">Inscrits&nbsp;: {registered}</p> : null}
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
      <MealFields f={f} i={i} errors={errors} />
      <Field
        name={n("ravitaillements")}
        label="Ravitaillements"
        textarea
        value={f.ravitaillements}
        error={e("ravitaillements")}
        hint="Un par ligne, ou séparés par des virgules ou des points-virgules."
      />
      <Field
        name={n("remise_dossards")}
        label="Remise des dossards"
        value={f.remise_dossards}
        error={e("remise_dossards")}
      />
      <Field name={n("dotation")} label="Dotation" value={f.dotation} error={e("dotation")} />
      <Field name={n("hebergements")} label="Hébergements" textarea value={f.hebergements} error={e("hebergements")} />
      <Field
        name={n("presentation_parcours")}
        label="Présentation du parcours"
        textarea
        value={f.presentation_parcours}
        error={e("presentation_parcours")}
      />
      <div className="grid-3">
        <FileField
          name={n("image_file")}
          urlName={n("image_url")}
          label="Image du format"
          url={f.image_url}
          accept="image/jpeg,image/png,image/webp"
          hint="JPEG, PNG ou WebP, 5 Mo au plus."
          error={e("image_file")}
          kind="image"
        />
        <FileField
          name={n("gpx_file")}
          urlName={n("gpx_url")}
          label="Trace GPX"
          url={f.gpx_url}
          accept=".gpx,application/gpx+xml"
          hint="Fichier GPX avec une trace ou un itinéraire, 10 Mo au plus."
          error={e("gpx_file")}
          kind="file"
        />
        <FileField
          name={n("reglement_file")}
          urlName={n("reglement_pdf_url")}
          label="Règlement (PDF)"
          url={f.reglement_pdf_url}
          accept="application/pdf"
          hint="PDF, 10 Mo au plus."
          error={e("reglement_file")}
          kind="file"
        />
      </div>
      {f.confirmDelete ? (
        <div className="alert alert-error format-confirm" role="alert">
          <p>Supprimer ce format ? Cette action est irréversible.</p>
          {registered ? (
            <p className="small">Ce format a {registered} inscrit(s)&nbsp;: l'enregistrement sera refusé.</p>
          ) : null}
          <div className="actions">
            <button type="submit" name="intent" value={`delete-format:${i}`} className="btn btn-danger">
              Oui, supprimer ce format
            </button>
            <button type="submit" name="intent" value={`cancel-delete-format:${i}`} className="btn btn-ghost">
              Annuler
            </button>
          </div>
        </div>
      ) : (
        <div className="actions format-actions">
          <button type="submit" name="intent" value={`duplicate-format:${i}`} className="btn btn-ghost" formNoValidate>
            Dupliquer ce format
          </button>
          <button
            type="submit"
            name="intent"
            value={`ask-delete-format:${i}`}
            className="btn btn-ghost btn-danger-ghost"
            formNoValidate
            disabled={count <= 1}
            title={count <= 1 ? "Une épreuve a au moins un format." : undefined}
          >
            Supprimer ce format
          </button>
        </div>
      )}
    </fieldset>
  );
}

export interface CourseFormProps {
  values: CourseFormValues;
  errors: FieldErrors;
  formError: string | null;
  rev: string;
  submitLabel: string;
  editing?: boolean;
  registered?: Record<string, number>;
  cancelTo: string;
}

export function CourseForm({
  values,
  errors,
  formError,
  rev,
  submitLabel,
  editing,
  registered,
  cancelTo,
}: CourseFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const hasErrors = Object.keys(errors).length > 0 || !!formError;
  // With JavaScript, after a refused save, move the focus to the first field in error (or the summary).
  useEffect(() => {
    if (!hasErrors || rev === "initial") return;
    const first =
      document.querySelector<HTMLElement>('.course-form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('.course-form [role="alert"]');
    first?.focus({ preventScroll: false });
    first?.scrollIntoView({ block: "center" });
  }, [rev, hasErrors]);
  return (
    <Form method="post" encType="multipart/form-data" className="course-form" key={rev} noValidate preventScrollReset>
      {/* Pressing Enter in a field saves: the first submit button of the form is this one. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      {formError ? (
        <p className="alert alert-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <fieldset className="card form-card">
        <legend>L'épreuve</legend>
        <input type="hidden" name="geo_origin" value={values.geo_origin} />
        <div className="grid-2">
          <Field name="nom" label="Nom de l'épreuve" required value={values.nom} error={errors.nom} />
          <Field
            name="lieu"
            label="Lieu"
            required
            value={values.lieu}
            error={errors.lieu}
            hint="La commune du départ."
          />
          <Field
            name="code_postal"
            label="Code postal"
            required
            inputMode="numeric"
            value={values.code_postal}
            error={errors.code_postal}
            autoComplete="postal-code"
          />
          <Field
            name="departement"
            label="Département"
            required
            value={values.departement}
            error={errors.departement}
            hint="Par exemple Haute-Savoie."
          />
        </div>
        {editing ? (
          <label className="checkbox small">
            <input type="checkbox" name="update_slug" defaultChecked={values.update_slug === "on"} /> Mettre à jour
            l'adresse de la page d'après le nouveau nom
          </label>
        ) : null}
        <Field
          name="presentation"
          label="Présentation"
          textarea
          value={values.presentation}
          error={errors.presentation}
        />
        <FileField
          name="image_file"
          urlName="image_url"
          label="Image de l'épreuve"
          url={values.image_url}
          accept="image/jpeg,image/png,image/webp"
          hint="JPEG, PNG ou WebP, 5 Mo au plus ; idéalement environ 1600 × 900."
          error={errors.image_file}
          kind="image"
        />
        <details className="geo-details" open={!!(errors.lat || errors.lng)}>
          <summary>Position sur la carte</summary>
          <p className="hint">
            Laissez vide pour la calculer à partir du code postal et du lieu. Vous pouvez la corriger ici.
          </p>
          <div className="grid-2">
            <Field
              name="lat"
              label="Latitude"
              inputMode="decimal"
              value={values.lat}
              error={errors.lat}
              hint="Par exemple 45,92"
            />
            <Field
              name="lng"
              label="Longitude"
              inputMode="decimal"
              value={values.lng}
              error={errors.lng}
              hint="Par exemple 6,87"
            />
          </div>
          <PositionPicker latId="f-lat" lngId="f-lng" />
        </details>
      </fieldset>

      <h2 className="formats-title">Formats</h2>
      {errors.formats ? <p className="field-error">{errors.formats}</p> : null}
      {values.formats.map((f, i) => (
        <FormatBlock
          key={f.key}
          f={f}
          i={i}
          errors={errors}
          registered={f.id && registered ? (registered[f.id] ?? 0) : undefined}
          count={values.formats.length}
        />
      ))}
      <p>
        <button type="submit" name="intent" value="add-format" className="btn btn-ghost" formNoValidate>
          + Ajouter un format
        </button>
      </p>
      <div className="actions form-submit">
        <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
          {busy ? "Enregistrement…" : submitLabel}
        </button>
        <Link to={cancelTo} className="btn btn-ghost">
          Annuler
        </Link>
      </div>
    </Form>
  );
}
