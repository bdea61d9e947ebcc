import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigate } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { useEffect } from "react";
import { FormAlert } from "~/components/AccountFields";
import { SaveButton } from "~/components/form/FieldGroup";
import { NewPasswordFields } from "~/components/form/NewPasswordFields";
import { AUTH_ERROR_MESSAGES, MSG, ResetPasswordSchema } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { peekToken, resetPassword } from "~/services/auth.server";
import accountsCss from "~/styles/accounts.css?url";
import * as paths from "~/domain/paths";
import { mapDomainError } from "~/utils/domain-errors";
import { noindexMeta } from "~/utils/meta";

export const RESET_REDIRECT_SECONDS = 2;
const DONE = "ok";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...noindexMeta("Nouveau mot de passe — Balise"),
  ...(data?.state === "done" ? [{ httpEquiv: "refresh", content: `${RESET_REDIRECT_SECONDS};url=/login` }] : []),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("statut") === DONE) return { state: "done" as const, token: null };
  const token = url.searchParams.get("token");
  if (!(await peekToken(context, token, "password_reset"))) return { state: "invalid" as const, token: null };
  return { state: "form" as const, token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const token = typeof form.token === "string" ? form.token : "";
  const parsed = ResetPasswordSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), invalid: !token, token }, { status: 400 });
  try {
    await resetPassword(context, parsed.data.token, parsed.data.password);
  } catch (e) {
    // The only refusal is a used or expired link: the page says so (its own words) instead of the form.
    const err = mapDomainError(e);
    if (!err) throw e;
    return data({ errors: {}, invalid: true, token: "" }, { status: err.status });
  }
  return redirect(paths.resetPassword({ statut: DONE }));
}

function InvalidLink() {
  return (
    <>
      <FormAlert kind="error">❌ {AUTH_ERROR_MESSAGES.token_invalid}</FormAlert>
      <p>Les liens de réinitialisation sont valables 1 heure et ne servent qu'une fois.</p>
      <p>
        <Link to={paths.forgotPassword()} className="btn btn-primary">
          Demander un nouveau lien
        </Link>
      </p>
    </>
  );
}

export default function ResetPassword() {
  const loaded = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  // After a refused POST the form stays, with the link's token, whatever the URL.
  const state = result ? (result.invalid ? "invalid" : "form") : loaded.state;
  const token = result?.token || loaded.token;
  const navigate = useNavigate();
  useEffect(() => {
    if (state !== "done") return;
    const t = setTimeout(() => navigate(paths.login()), RESET_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(t);
  }, [state, navigate]);
  const cross = (m?: string) => (m ? `❌ ${m}` : undefined);
  return (
    <section className="container auth-page">
      <h1>Nouveau mot de passe</h1>
      {state === "done" ? (
        <>
          <FormAlert kind="success">{MSG.resetSuccess}</FormAlert>
          <p>
            <Link to={paths.login()}>Aller à la connexion</Link>
          </p>
        </>
      ) : state === "invalid" ? (
        <InvalidLink />
      ) : (
        <Form method="post" className="card auth-card" noValidate>
          <input type="hidden" name="token" value={token ?? ""} />
          <NewPasswordFields
            labels={["Nouveau mot de passe", "Confirmer le mot de passe"]}
            errors={{ password: cross(errors.password), confirmation: cross(errors.confirmation) }}
          />
          <SaveButton busy={busy}>Mettre à jour le mot de passe</SaveButton>
        </Form>
      )}
    </section>
  );
}
