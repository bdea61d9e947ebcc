// /invitation/{token}: someone invited to an event's team accepts (issue 43, decision 0213). Logged in with the
// invited address: one button. Without an account: they create it here (name and password) and are logged in. A
// link that is unknown, expired, revoked or already used says so in French.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useParams } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { FormAlert } from "~/components/AccountFields";
import { SaveButton } from "~/components/form/FieldGroup";
import { Link } from "~/components/Link";
import { InvitedAccountNameSchema } from "~/domain/event-team";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import { SignupSchema } from "~/domain/profile-account";
import { acceptTeamInvitation, acceptWithNewAccount, invitationDetails } from "~/services/event-team.server";
import accountsCss from "~/styles/accounts.css?url";
import { requireUser } from "~/utils/auth.server";
import { mapDomainError } from "~/utils/domain-errors";
import { setModeHeader } from "~/utils/mode.server";
import { createSession, getSessionUser } from "~/utils/session.server";
import { NewAccountForm } from "./NewAccountForm";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Invitation à co-organiser — Balise");

const ACCOUNT_EXISTS = "Un compte existe déjà avec cette adresse\u00a0: connectez-vous pour accepter l'invitation.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const user = await getSessionUser(request, context);
  try {
    const invitation = await invitationDetails(context, token);
    return { refused: null, invitation, user: user ? { email: user.email } : null };
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) throw e;
    return data({ refused: err.message, invitation: null, user: null }, { status: err.status });
  }
}

/** Signed in (in organiser mode) and sent to the organiser space, where the event now shows. */
async function joined(headers: Headers) {
  headers.append("Set-Cookie", await setModeHeader("organisateur"));
  return redirect(paths.organiserSpace({ message: "equipe-rejointe" }), { headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const form = Object.fromEntries(await request.formData());
  const values = { prenom: String(form.prenom ?? ""), nom: String(form.nom ?? "") };
  try {
    if (form.intent === "accept") {
      const user = await requireUser(request, context);
      await acceptTeamInvitation(context, token, user);
      return joined(new Headers());
    }
    const { email } = await invitationDetails(context, token);
    const names = InvitedAccountNameSchema.safeParse(form);
    const account = SignupSchema.safeParse({ email, password: form.password, confirmation: form.confirmation });
    if (!names.success || !account.success) {
      const errors = {
        ...(names.success ? {} : fieldErrors(names.error)),
        ...(account.success ? {} : fieldErrors(account.error)),
      };
      return data({ errors, values, refused: null }, { status: 400 });
    }
    const done = await acceptWithNewAccount(context, token, { ...names.data, password: account.data.password });
    if ("accountExists" in done)
      return data({ errors: { form: ACCOUNT_EXISTS }, values, refused: null }, { status: 409 });
    const headers = new Headers();
    headers.append("Set-Cookie", await createSession(context, done.user.id, request.headers.get("User-Agent")));
    return joined(headers);
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) throw e;
    return data({ errors: {}, values, refused: err.message }, { status: err.status });
  }
}

export default function InvitationPage() {
  const { refused, invitation, user } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  const refusal = result?.refused ?? refused;
  const { token = "" } = useParams();
  return (
    <section className="container auth-page">
      <h1>Invitation à co-organiser</h1>
      {refusal || !invitation ? (
        <>
          <FormAlert kind="error">{refusal}</FormAlert>
          <p>
            <Link to={paths.home()}>Retour à l'accueil</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            Vous êtes invité(e) à co-organiser <strong>{invitation.courseNom}</strong> avec les droits&nbsp;:{" "}
            <strong>{invitation.droits}</strong>.
          </p>
          {errors.form ? <FormAlert kind="error">{errors.form}</FormAlert> : null}
          {user && user.email.toLowerCase() === invitation.email ? (
            <Form method="post" className="card auth-card">
              <input type="hidden" name="intent" value="accept" />
              <SaveButton busy={busy} busyLabel="Acceptation…">
                Accepter l'invitation
              </SaveButton>
            </Form>
          ) : user ? (
            <>
              <FormAlert kind="error">
                Cette invitation est adressée à {invitation.email}, et vous êtes connecté(e) avec {user.email}.
                Déconnectez-vous puis rouvrez le lien.
              </FormAlert>
              <Form method="post" action={paths.logout()}>
                <button type="submit" className="btn btn-ghost">
                  Se déconnecter
                </button>
              </Form>
            </>
          ) : (
            <>
              <p>
                Vous avez déjà un compte avec l'adresse {invitation.email}&nbsp;?{" "}
                <Link to={paths.login(paths.teamInvitation(token))}>Connectez-vous</Link> pour accepter.
              </p>
              <NewAccountForm email={invitation.email} values={result?.values ?? {}} errors={errors} busy={busy} />
            </>
          )}
        </>
      )}
    </section>
  );
}
