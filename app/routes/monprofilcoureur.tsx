import { data, redirect } from "@remix-run/cloudflare";
import { FieldError } from "~/components/Field";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { FormAlert } from "~/components/AccountFields";
import { type FieldSpec, FieldGroup, SaveButton } from "~/components/form/FieldGroup";
import { formValues } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { GENRES, makeRunnerProfileSchema, NATIONALITES, PAYS, PROFILE_MSG } from "~/domain/profile";
import { parisDate } from "~/domain/refund";
import { runnerPrefill, saveRunnerProfile } from "~/services/profile.server";
import { JustificatifDocumentField, type DocumentRef } from "~/components/JustificatifDocumentField";
import { documentFromForm, profileDocument, setProfileDocument } from "~/services/justificatif-documents.server";
import accountsCss from "~/styles/accounts.css?url";
import { requireUser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [{ title: "Mon profil coureur — Balise" }];

type Values = Record<string, string | boolean | null | undefined>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const profile = await runnerPrefill(context, user);
  return {
    profile: profile as Values,
    saved: new URL(request.url).searchParams.get("statut") === "enregistre",
    today: parisDate(context.clock.now()),
    document: await profileDocument(context, user.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  // The licence or PPS document (decision 0150): stored at once, so a form sent back with errors keeps it.
  const doc = await documentFromForm(context, user.id, form);
  const parsed = makeRunnerProfileSchema(parisDate(context.clock.now())).safeParse(Object.fromEntries(form));
  if (!parsed.success || doc.error) {
    const errors: Record<string, string | undefined> = parsed.success ? {} : fieldErrors(parsed.error);
    if (doc.error) errors.justificatif_document = doc.error;
    return data(
      { errors, values: formValues(form) as Values, document: doc.doc as DocumentRef | null },
      { status: 400 },
    );
  }
  await saveRunnerProfile(context, user.id, parsed.data);
  await setProfileDocument(context, user.id, parsed.data.justificatif_type ? (doc.doc?.id ?? null) : null);
  return redirect(paths.runnerProfile({ statut: "enregistre" }));
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

// The form's fields, section by section (the gender's radios and the consent box are drawn by the page).
const NAME: FieldSpec[] = [
  { name: "nom", label: "Nom", required: true, autoComplete: "family-name" },
  { name: "prenom", label: "Prénom", required: true, autoComplete: "given-name" },
];
const birthFields = (today: string): FieldSpec[] => [
  {
    name: "date_naissance",
    label: "Date de naissance",
    type: "date",
    required: true,
    max: today,
    autoComplete: "bday",
  },
  { name: "nationalite", label: "Nationalité", options: NATIONALITES, required: true },
];
const REACH: FieldSpec[] = [
  { name: "email", label: "Email", type: "email", inputMode: "email", required: true, autoComplete: "email" },
  {
    name: "telephone",
    label: "Téléphone",
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
    placeholder: "06 12 34 56 78",
  },
];
const ADDRESS: FieldSpec[] = [
  { name: "adresse", label: "Adresse", autoComplete: "address-line1" },
  { name: "adresse_complement", label: "Complément d'adresse", autoComplete: "address-line2" },
];
const TOWN: FieldSpec[] = [
  { name: "code_postal", label: "Code postal", inputMode: "numeric", autoComplete: "postal-code" },
  { name: "ville", label: "Ville", autoComplete: "address-level2" },
];
const COUNTRY: FieldSpec[] = [{ name: "pays", label: "Pays", options: PAYS, emptyLabel: "— Non précisé —" }];
const CLUB: FieldSpec[] = [{ name: "club", label: "Club", autoComplete: "organization" }];
const JUSTIFICATIFS = [
  ["", "Pas encore"],
  ["licence", "Licence FFA"],
  ["pps", "PPS"],
] as const;
const LICENCE: FieldSpec[] = [
  {
    name: "numero_licence",
    label: "Numéro de licence",
    hint: "Gardé seulement si le justificatif est la licence.",
  },
];
const PPS: FieldSpec[] = [
  {
    name: "pps_identifier",
    label: "Identifiant PPS",
    hint: "Numéro figurant sur votre attestation PPS. Gardé seulement si le justificatif est le PPS.",
  },
  { name: "pps_expiration", label: "Fin de validité du PPS", type: "date", hint: "Un PPS est valable un an." },
];
const EMERGENCY: FieldSpec[] = [
  { name: "contact_urgence_nom", label: "Nom du contact" },
  { name: "contact_urgence_telephone", label: "Téléphone du contact", type: "tel", inputMode: "tel" },
];

export default function RunnerProfilePage() {
  const { profile, saved, today, document: storedDoc } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  // After a failed save, show what was typed; otherwise the stored profile.
  const v: Values = result?.values ?? profile;
  const showResults = result ? v.apparaitre_resultats === "on" : profile.apparaitre_resultats !== false;
  const justif = str(v.justificatif_type);
  const document = result ? (result.document ?? null) : storedDoc;
  return (
    <section className="container profile-page">
      <h1>Mon profil coureur</h1>
      <p className="muted">
        Ces informations pré-remplissent vos prochaines inscriptions. Les champs marqués * sont obligatoires.
      </p>
      {saved && !result ? <FormAlert kind="success">{PROFILE_MSG.saved}</FormAlert> : null}
      {result ? <FormAlert kind="error">{PROFILE_MSG.saveError} Vérifiez les champs indiqués.</FormAlert> : null}
      <Form method="post" encType="multipart/form-data" className="profile-form" noValidate>
        <fieldset>
          <legend>Identité</legend>
          <div className="field-columns">
            <FieldGroup specs={NAME} values={v} errors={errors} />
          </div>
          <div
            className="field"
            role="radiogroup"
            aria-labelledby="genre-label"
            aria-describedby={errors.genre ? "genre-error" : undefined}
          >
            <span id="genre-label" className="label">
              Genre{" "}
              <span className="req" aria-hidden="true">
                *
              </span>
            </span>
            <div className="radio-row">
              {GENRES.map((g) => (
                <label key={g}>
                  <input type="radio" name="genre" value={g} defaultChecked={str(v.genre) === g} /> {g}
                </label>
              ))}
            </div>
            <FieldError id="genre-error" error={errors.genre} />
          </div>
          <div className="field-columns">
            <FieldGroup specs={birthFields(today)} values={v} errors={errors} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Coordonnées</legend>
          <div className="field-columns">
            <FieldGroup specs={REACH} values={v} errors={errors} />
          </div>
          <FieldGroup specs={ADDRESS} values={v} errors={errors} />
          <div className="field-columns">
            <FieldGroup specs={TOWN} values={v} errors={errors} />
          </div>
          <FieldGroup specs={COUNTRY} values={result ? v : { ...v, pays: str(v.pays) || "France" }} errors={errors} />
        </fieldset>
        <fieldset>
          <legend>Course</legend>
          <FieldGroup specs={CLUB} values={v} errors={errors} />
          <label className="checkbox">
            <input type="checkbox" name="apparaitre_resultats" defaultChecked={showResults} />
            <span>
              J'accepte d'apparaître dans les résultats publiés (nom, prénom, club, temps). Vous pouvez changer d'avis à
              tout moment.
            </span>
          </label>
        </fieldset>
        <fieldset className="justif">
          <legend>Justificatif pour les compétitions</legend>
          <p className="hint">
            Licence FFA en cours de validité, ou PPS (Parcours/Pass Prévention Santé) pour les non-licenciés. Les
            certificats médicaux ne sont plus acceptés.
          </p>
          <div className="radio-row">
            {JUSTIFICATIFS.map(([value, label]) => (
              <label key={value}>
                <input type="radio" name="justificatif_type" value={value} defaultChecked={justif === value} />
                {` ${label}`}
              </label>
            ))}
          </div>
          {errors.justificatif_type ? <p className="field-error">{errors.justificatif_type}</p> : null}
          <div className="justif-detail justif-licence">
            <FieldGroup specs={LICENCE} values={v} errors={errors} />
          </div>
          <div className="justif-detail justif-pps">
            <FieldGroup specs={PPS} values={v} errors={errors} />
          </div>
          <JustificatifDocumentField doc={document} error={errors.justificatif_document} />
        </fieldset>
        <fieldset>
          <legend>Contact d'urgence</legend>
          <div className="field-columns">
            <FieldGroup specs={EMERGENCY} values={v} errors={errors} />
          </div>
        </fieldset>
        <div className="form-actions">
          <SaveButton busy={busy}>Enregistrer mon profil</SaveButton>
          <Link to={paths.myRegistrations()}>Mes inscriptions</Link>
        </div>
      </Form>
    </section>
  );
}
