import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { FormAlert } from "~/components/AccountFields";
import { Field, SelectField } from "~/components/Field";
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

export default function RunnerProfilePage() {
  const { profile, saved, today, document: storedDoc } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = result?.errors ?? {};
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
          <div className="grid-2">
            <Field
              name="nom"
              label="Nom"
              required
              autoComplete="family-name"
              defaultValue={str(v.nom)}
              error={errors.nom}
            />
            <Field
              name="prenom"
              label="Prénom"
              required
              autoComplete="given-name"
              defaultValue={str(v.prenom)}
              error={errors.prenom}
            />
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
            {errors.genre ? (
              <p id="genre-error" className="field-error">
                {errors.genre}
              </p>
            ) : null}
          </div>
          <div className="grid-2">
            <Field
              name="date_naissance"
              label="Date de naissance"
              type="date"
              required
              max={today}
              autoComplete="bday"
              defaultValue={str(v.date_naissance)}
              error={errors.date_naissance}
            />
            <SelectField
              name="nationalite"
              label="Nationalité"
              options={NATIONALITES}
              required
              defaultValue={str(v.nationalite)}
              error={errors.nationalite}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Coordonnées</legend>
          <div className="grid-2">
            <Field
              name="email"
              label="Email"
              type="email"
              inputMode="email"
              required
              autoComplete="email"
              defaultValue={str(v.email)}
              error={errors.email}
            />
            <Field
              name="telephone"
              label="Téléphone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="06 12 34 56 78"
              defaultValue={str(v.telephone)}
              error={errors.telephone}
            />
          </div>
          <Field
            name="adresse"
            label="Adresse"
            autoComplete="address-line1"
            defaultValue={str(v.adresse)}
            error={errors.adresse}
          />
          <Field
            name="adresse_complement"
            label="Complément d'adresse"
            autoComplete="address-line2"
            defaultValue={str(v.adresse_complement)}
            error={errors.adresse_complement}
          />
          <div className="grid-2">
            <Field
              name="code_postal"
              label="Code postal"
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={str(v.code_postal)}
              error={errors.code_postal}
            />
            <Field
              name="ville"
              label="Ville"
              autoComplete="address-level2"
              defaultValue={str(v.ville)}
              error={errors.ville}
            />
          </div>
          <SelectField
            name="pays"
            label="Pays"
            options={PAYS}
            defaultValue={result ? str(v.pays) : str(v.pays) || "France"}
            error={errors.pays}
            emptyLabel="— Non précisé —"
          />
        </fieldset>
        <fieldset>
          <legend>Course</legend>
          <Field name="club" label="Club" autoComplete="organization" defaultValue={str(v.club)} error={errors.club} />
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
            <label>
              <input type="radio" name="justificatif_type" value="" defaultChecked={justif === ""} /> Pas encore
            </label>
            <label>
              <input type="radio" name="justificatif_type" value="licence" defaultChecked={justif === "licence"} />{" "}
              Licence FFA
            </label>
            <label>
              <input type="radio" name="justificatif_type" value="pps" defaultChecked={justif === "pps"} /> PPS
            </label>
          </div>
          {errors.justificatif_type ? <p className="field-error">{errors.justificatif_type}</p> : null}
          <div className="justif-detail justif-licence">
            <Field
              name="numero_licence"
              label="Numéro de licence"
              defaultValue={str(v.numero_licence)}
              error={errors.numero_licence}
              hint="Gardé seulement si le justificatif est la licence."
            />
          </div>
          <div className="justif-detail justif-pps">
            <Field
              name="pps_identifier"
              label="Identifiant PPS"
              defaultValue={str(v.pps_identifier)}
              error={errors.pps_identifier}
              hint="Numéro figurant sur votre attestation PPS. Gardé seulement si le justificatif est le PPS."
            />
            <Field
              name="pps_expiration"
              label="Fin de validité du PPS"
              type="date"
              defaultValue={str(v.pps_expiration)}
              error={errors.pps_expiration}
              hint="Un PPS est valable un an."
            />
          </div>
          <JustificatifDocumentField doc={document} error={errors.justificatif_document} />
        </fieldset>
        <fieldset>
          <legend>Contact d'urgence</legend>
          <div className="grid-2">
            <Field
              name="contact_urgence_nom"
              label="Nom du contact"
              defaultValue={str(v.contact_urgence_nom)}
              error={errors.contact_urgence_nom}
            />
            <Field
              name="contact_urgence_telephone"
              label="Téléphone du contact"
              type="tel"
              inputMode="tel"
              defaultValue={str(v.contact_urgence_telephone)}
              error={errors.contact_urgence_telephone}
            />
          </div>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Enregistrement…" : "Enregistrer mon profil"}
          </button>
          <Link to={paths.myRegistrations()}>Mes inscriptions</Link>
        </div>
      </Form>
    </section>
  );
}
