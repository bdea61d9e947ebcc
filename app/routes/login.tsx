import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { FormAlert, PasswordField, AccountEmailField } from "~/components/AccountFields";
import { SaveButton } from "~/components/form/FieldGroup";
import { LoginSchema, loginErrorMessage, MSG, PASSWORD_MAX } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { LOGIN_TO_PAY } from "~/domain/registration-messages";
import { createAuthenticator, LoginFormError } from "~/services/auth.server";
import accountsCss from "~/styles/accounts.css?url";
import { setModeHeader } from "~/utils/mode.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { createSession, getSessionUser } from "~/utils/session.server";
import * as paths from "~/domain/paths";
import { mapDomainError } from "~/utils/domain-errors";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => [{ title: "Connexion — Balise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSessionUser(request, context)) throw redirect(paths.eventsPage());
  const url = new URL(request.url);
  const status = url.searchParams.get("statut");
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    notice:
      status === "email-confirme"
        ? MSG.emailConfirmed
        : status === "mot-de-passe-modifie"
          ? "✅ Mot de passe mis à jour. Connectez-vous avec le nouveau."
          : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), "/");
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";
  // Field errors first (the same schema the strategy applies), then the credentials through remix-auth.
  const parsed = LoginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error), formError: null, values: { email } }, { status: 400 });
  try {
    const user = await createAuthenticator(context).authenticate("form", request);
    const headers = new Headers();
    headers.append("Set-Cookie", await createSession(context, user.id, request.headers.get("User-Agent")));
    headers.append("Set-Cookie", await setModeHeader("coureur")); // login starts in runner mode
    return redirect(redirectTo, { headers });
  } catch (e) {
    // The form's own errors go beside its fields, with what was typed (the only error that carries them).
    if (e instanceof LoginFormError)
      return data({ errors: e.errors, formError: null, values: e.values }, { status: e.status });
    const err = mapDomainError(e);
    if (!err) throw e;
    return data({ errors: {}, formError: loginErrorMessage(err.message), values: { email } }, { status: err.status });
  }
}

export default function Login() {
  const { redirectTo, notice } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  return (
    <section className="container auth-page">
      <h1>Connexion</h1>
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      {redirectTo ? (
        <FormAlert kind="info">
          {/* Spec section 5: the registration's own words when the visitor was on the way to register and pay. */}
          {redirectTo.startsWith("/inscription/") ? LOGIN_TO_PAY : "Connectez-vous pour continuer."}
        </FormAlert>
      ) : null}
      {result?.formError ? <FormAlert kind="error">{result.formError}</FormAlert> : null}
      <Form method="post" className="card auth-card" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AccountEmailField defaultValue={result?.values.email} error={errors.email} />
        <PasswordField
          name="password"
          label="Mot de passe"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX * 4}
          error={errors.password}
        />
        <SaveButton busy={busy} busyLabel="Connexion…">
          Se connecter
        </SaveButton>
        <div className="auth-links-row">
          <Link to={paths.forgotPassword()}>Mot de passe oublié ?</Link>
          <Link to={paths.signup(redirectTo)}>Créer un compte</Link>
        </div>
      </Form>
    </section>
  );
}
