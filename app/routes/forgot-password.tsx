import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { FormAlert, Honeypot, AccountEmailField } from "~/components/AccountFields";
import { ForgotPasswordSchema, formValues, honeypotFilled, MSG } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { clientIp, requestPasswordReset } from "~/services/auth.server";
import accountsCss from "~/styles/accounts.css?url";
import * as paths from "~/domain/paths";

const SENT = "envoye";
export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [{ title: "Mot de passe oublié — Balise" }];

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("statut") === SENT };
}

/** Same answer whether or not the address has an account, and whether or not a limit was reached. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (honeypotFilled(form)) return redirect(paths.forgotPassword({ statut: SENT }));
  const parsed = ForgotPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: formValues(form) }, { status: 400 });
  await requestPasswordReset(context, { email: parsed.data.email, ip: clientIp(request) });
  return redirect(paths.forgotPassword({ statut: SENT }));
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  return (
    <section className="container auth-page">
      <h1>Mot de passe oublié</h1>
      {sent ? (
        <>
          <FormAlert kind="success">{MSG.forgotSuccess}</FormAlert>
          <p className="muted">
            Si un compte existe pour cette adresse, le lien arrive dans quelques instants. Il est valable 1 heure.
            Pensez à vérifier vos courriers indésirables.
          </p>
          <p>
            <Link to={paths.login()}>Retour à la connexion</Link>
          </p>
        </>
      ) : (
        <Form method="post" className="card auth-card" noValidate>
          <p>
            Indiquez l'adresse email de votre compte&nbsp;: nous vous enverrons un lien pour choisir un nouveau mot de
            passe.
          </p>
          <Honeypot />
          <AccountEmailField
            defaultValue={result?.values.email}
            error={errors.email ? `❌ ${errors.email}` : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Envoi…" : "Envoyer le lien"}
          </button>
          <div className="auth-links-row">
            <Link to={paths.login()}>Retour à la connexion</Link>
          </div>
        </Form>
      )}
    </section>
  );
}
