import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { Field } from "~/components/Field";
import { Link } from "~/components/Link";
import { z } from "zod";
import { NEWSLETTER_THANKS } from "~/components/Footer";
import accountsCss from "~/styles/accounts.css?url";
import * as paths from "~/domain/paths";

// The form shown again after a refused address has the account pages' card.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];

export const meta: MetaFunction = () => [{ title: "Newsletter — Balise" }];

const NewsletterSchema = z.object({
  email: z.string().trim().min(1, "Veuillez entrer votre adresse email.").email("Email invalide."),
});

/** The newsletter form only thanks the visitor: no e-mail is stored (spec section 2). */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = NewsletterSchema.safeParse(form);
  // The address typed comes back with its error, so that the form below shows it again (without JavaScript).
  if (!parsed.success)
    return {
      ok: false,
      error: parsed.error.issues[0].message,
      email: typeof form.email === "string" ? form.email : "",
    };
  return { ok: true as const, error: undefined, email: "" };
}

export function loader() {
  return null;
}

export default function Newsletter() {
  const data = useActionData<typeof action>();
  return (
    <section className="container page-narrow">
      <h1>Newsletter</h1>
      {data?.ok ? (
        <p role="status" className="alert alert-success">
          {NEWSLETTER_THANKS}
        </p>
      ) : null}
      {data && !data.ok ? (
        <Form method="post" className="card auth-card">
          <Field
            name="email"
            id="newsletter-page-email"
            label="Recevoir la newsletter"
            type="email"
            required
            autoComplete="email"
            defaultValue={data.email}
            error={data.error}
          />
          <button type="submit" className="btn btn-primary">
            S'abonner
          </button>
        </Form>
      ) : null}
      {!data ? <p>Utilisez le formulaire en bas de page pour vous abonner.</p> : null}
      <p>
        <Link to={paths.home()}>Retour à l'accueil</Link>
      </p>
    </section>
  );
}
