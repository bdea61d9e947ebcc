import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigate } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { Link } from "~/components/Link";
import { useEffect } from "react";
import { FormAlert, Honeypot, AccountEmailField } from "~/components/AccountFields";
import { SaveButton } from "~/components/form/FieldGroup";
import { NewPasswordFields } from "~/components/form/NewPasswordFields";
import { formValues, honeypotFilled, MSG, SignupSchema } from "~/domain/profile-account";
import { fieldErrors } from "~/domain/form-errors";
import { signUp } from "~/services/auth.server";
import accountsCss from "~/styles/accounts.css?url";
import { getSessionUser } from "~/utils/session.server";
import * as paths from "~/domain/paths";

export const SIGNUP_REDIRECT_SECONDS = 3;
const CREATED = "compte-cree";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Créer un compte — Balise" },
  ...(data?.created ? [{ httpEquiv: "refresh", content: `${SIGNUP_REDIRECT_SECONDS};url=/login` }] : []),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSessionUser(request, context)) throw redirect(paths.eventsPage());
  return { created: new URL(request.url).searchParams.get("statut") === CREATED };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // A bot filled the hidden field: answer as if all went well, create nothing.
  if (honeypotFilled(form)) return redirect(paths.signup(null, { statut: CREATED }));
  const parsed = SignupSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error), values: formValues(form, ["password", "confirmation"]) },
      { status: 400 },
    );
  }
  await signUp(context, { email: parsed.data.email, password: parsed.data.password });
  return redirect(paths.signup(null, { statut: CREATED }));
}

export default function Signup() {
  const { created } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  const navigate = useNavigate();
  useEffect(() => {
    if (!created) return;
    const t = setTimeout(() => navigate(paths.login()), SIGNUP_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(t);
  }, [created, navigate]);
  if (created) {
    return (
      <section className="container auth-page">
        <h1>Créer un compte</h1>
        <FormAlert kind="success">{MSG.signupSuccess}</FormAlert>
        <p className="muted">
          Redirection vers la page de connexion dans {SIGNUP_REDIRECT_SECONDS} secondes…{" "}
          <Link to={paths.login()}>Se connecter maintenant</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container auth-page">
      <h1>Créer un compte</h1>
      {Object.keys(errors).length ? (
        <FormAlert kind="error">❌ Erreur&nbsp;: veuillez corriger les champs indiqués.</FormAlert>
      ) : null}
      <Form method="post" className="card auth-card" noValidate>
        <Honeypot />
        <AccountEmailField defaultValue={result?.values.email} error={errors.email} />
        <NewPasswordFields labels={["Mot de passe", "Confirmation du mot de passe"]} errors={errors} />
        <SaveButton busy={busy} busyLabel="Création…">
          Créer mon compte
        </SaveButton>
        <p className="small muted">
          En créant un compte, vous acceptez les <Link to={paths.terms()}>conditions d'utilisation</Link> et la{" "}
          <Link to={paths.privacy()}>politique de confidentialité</Link>.
        </p>
        <div className="auth-links-row">
          <span>
            Déjà un compte ? <Link to={paths.login()}>Se connecter</Link>
          </span>
        </div>
      </Form>
    </section>
  );
}
