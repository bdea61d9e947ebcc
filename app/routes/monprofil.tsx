import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { FormAlert } from "~/components/AccountFields";
import { type FieldSpec, FieldGroup, SaveButton } from "~/components/form/FieldGroup";
import { formValues } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { GENRES_SIMPLE, makeSimpleProfileSchema, NATIONALITES, PROFILE_MSG } from "~/domain/profile";
import { parisDate } from "~/domain/refund";
import { getUserProfile, saveSimpleProfile } from "~/services/profile.server";
import accountsCss from "~/styles/accounts.css?url";
import { requireUser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [{ title: "Mon profil — Balise" }];

/** The simple profile (spec: saving goes to /courses), with links to the runner and organiser profiles. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const p = await getUserProfile(context, user.id);
  return {
    email: user.email,
    today: parisDate(context.clock.now()),
    profile: {
      nom: p?.nom ?? "",
      prenom: p?.prenom ?? "",
      genre: p?.genre ?? "",
      date_naissance: p?.date_naissance ?? "",
      nationalite: p?.nationalite ?? "",
      email: p?.email ?? user.email,
      telephone: p?.telephone ?? "",
    } as Record<string, string>,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const parsed = makeSimpleProfileSchema(parisDate(context.clock.now())).safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: formValues(form) }, { status: 400 });
  await saveSimpleProfile(context, user.id, parsed.data);
  return redirect(paths.eventsPage());
}

/** Who the user is and how to reach them (born on or before `today`). */
const identityFields = (today: string): FieldSpec[] => [
  { name: "nom", label: "Nom", required: true, autoComplete: "family-name" },
  { name: "prenom", label: "Prénom", required: true, autoComplete: "given-name" },
  { name: "genre", label: "Genre", options: GENRES_SIMPLE, required: true },
  { name: "date_naissance", label: "Date de naissance", type: "date", required: true, max: today },
  { name: "nationalite", label: "Nationalité", options: NATIONALITES, required: true },
  { name: "email", label: "Email de contact", type: "email", required: true, autoComplete: "email" },
  { name: "telephone", label: "Téléphone", type: "tel", autoComplete: "tel" },
];

export default function SimpleProfilePage() {
  const { email, profile, today } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  const v: Record<string, string | undefined> = result?.values ?? profile;
  return (
    <section className="container profile-page">
      <h1>Mon profil</h1>
      <p className="muted">
        Compte&nbsp;: <strong>{email}</strong>
      </p>
      <div className="account-links">
        <Link to={paths.runnerProfile()} className="card">
          Mon profil coureur
          <br />
          <span className="small muted">Coordonnées, licence ou PPS, contact d'urgence</span>
        </Link>
        <Link to={paths.organiserProfile()} className="card">
          Mon profil organisateur
          <br />
          <span className="small muted">Organisation, conditions, compte de paiement</span>
        </Link>
        <Link to={paths.myData()} className="card">
          Mes données
          <br />
          <span className="small muted">Télécharger une copie de mes données</span>
        </Link>
      </div>
      {result ? <FormAlert kind="error">{PROFILE_MSG.saveError} Vérifiez les champs indiqués.</FormAlert> : null}
      <Form method="post" className="profile-form" noValidate>
        <fieldset>
          <legend>Identité</legend>
          <div className="field-columns">
            <FieldGroup specs={identityFields(today)} values={v} errors={errors} />
          </div>
        </fieldset>
        <div className="form-actions">
          <SaveButton busy={busy}>Enregistrer</SaveButton>
        </div>
      </Form>
      <p className="small">
        <Link to={paths.deleteAccount()}>Supprimer mon compte</Link>
      </p>
    </section>
  );
}
