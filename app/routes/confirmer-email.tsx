import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { FormAlert } from "~/components/AccountFields";
import { AUTH_ERROR_MESSAGES, AuthError } from "~/domain/profile-account";
import { confirmEmail, peekToken } from "~/services/auth.server";
import accountsCss from "~/styles/accounts.css?url";
import * as paths from "~/domain/paths";
import { mapDomainError } from "~/utils/domain-errors";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Confirmer mon adresse email — Balise");

const ConfirmSchema = z.object({ token: z.string().min(1).max(200) });

/** Opening the link changes nothing (mail scanners open links too): the user confirms with a button (a POST). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await peekToken(context, token, "email_confirm");
  return { token: valid ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ConfirmSchema.safeParse(Object.fromEntries(await request.formData()));
  try {
    if (!parsed.success) throw new AuthError("token_invalid");
    await confirmEmail(context, parsed.data.token);
  } catch (e) {
    const err = mapDomainError(e);
    if (!err) throw e;
    return data({ error: err.message }, { status: err.status });
  }
  return redirect(paths.login(null, { statut: "email-confirme" }));
}

export default function ConfirmEmail() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!token || result?.error) {
    return (
      <section className="container auth-page">
        <h1>Confirmer mon adresse email</h1>
        <FormAlert kind="error">❌ {AUTH_ERROR_MESSAGES.token_invalid}</FormAlert>
        <p>
          Ce lien de confirmation a déjà servi ou a expiré. Si votre adresse est déjà confirmée, connectez-vous ; sinon,
          tentez de vous connecter&nbsp;: un nouveau lien vous sera envoyé.
        </p>
        <p>
          <Link to={paths.login()} className="btn btn-primary">
            Se connecter
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container auth-page">
      <h1>Confirmer mon adresse email</h1>
      <Form method="post" className="card auth-card">
        <input type="hidden" name="token" value={token} />
        <p>Dernière étape&nbsp;: confirmez votre adresse pour activer votre compte Balise.</p>
        <button type="submit" className="btn btn-primary">
          Confirmer mon adresse email
        </button>
      </Form>
    </section>
  );
}
