import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { NEWSLETTER_THANKS } from "~/components/Footer";

export const meta: MetaFunction = () => [{ title: "Newsletter — Balise" }];

const NewsletterSchema = z.object({
  email: z.string().trim().min(1, "Veuillez entrer votre adresse email.").email("Email invalide."),
});

/** The newsletter form only thanks the visitor: no e-mail is stored (spec section 2). */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = NewsletterSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0].message };
  return { ok: true as const, error: undefined };
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
        <p role="alert" className="alert alert-error">
          {data.error}
        </p>
      ) : null}
      {!data ? <p>Utilisez le formulaire en bas de page pour vous abonner.</p> : null}
      <p>
        <Link to="/">Retour à l'accueil</Link>
      </p>
    </section>
  );
}
