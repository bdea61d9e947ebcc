// « Supprimer mon compte », step 1 (issue 45, decision 0220): the password and a tick; a refusal (a race to come,
// money in flight, owned events) is shown with what to do first; otherwise a single-use link is mailed.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { FormAlert, PasswordField } from "~/components/AccountFields";
import { ErasureRefusalNotice } from "~/components/ErasureRefusalNotice";
import { CheckboxField } from "~/components/Field";
import { Link } from "~/components/Link";
import { ErasureRequestSchema, type ErasureRefusal } from "~/domain/account-erasure";
import { fieldErrors } from "~/domain/form-errors";
import * as paths from "~/domain/paths";
import { requestAccountErasure } from "~/services/account-erasure-request.server";
import { clientIp } from "~/services/auth.server";
import accountsCss from "~/styles/accounts.css?url";
import { requireUser } from "~/utils/auth.server";
import { errorToShow } from "~/utils/domain-errors";
import { noindexMeta } from "~/utils/meta";

const SENT = "envoye";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Supprimer mon compte — Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { email: user.email, sent: new URL(request.url).searchParams.get("statut") === SENT };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = Object.fromEntries(await request.formData());
  const values = { definitif: form.definitif === "on" };
  const parsed = ErasureRequestSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values, refusal: null }, { status: 400 });
  try {
    await requestAccountErasure(context, user, { password: parsed.data.password, ip: clientIp(request) });
  } catch (e) {
    const err = errorToShow(e);
    const refusal = err.status === 409 ? (err.code as ErasureRefusal) : null;
    const errors = refusal ? {} : { [err.field ?? "password"]: err.message };
    return data({ errors, values, refusal }, { status: err.status });
  }
  return redirect(paths.deleteAccount({ statut: SENT }));
}

/** What must be ended first: each refusal of the erasure (app/domain/account-erasure.ts), said before the form. */
function BeforeYouStart() {
  return (
    <div className="erasure-before" data-testid="erasure-before">
      <p>
        <strong>Avant de commencer</strong>, la suppression est refusée tant que&nbsp;:
      </p>
      <ul>
        <li>
          vous avez un <strong>abonnement Premium actif</strong>&nbsp;: résiliez-le d'abord (« Gérer mon abonnement »
          sur la <Link to={paths.premium()}>page Premium</Link>)&nbsp;; vous pourrez supprimer votre compte quand il
          aura pris fin&nbsp;;
        </li>
        <li>
          vous avez une inscription, ou une place en liste d'attente, pour une course à venir&nbsp;: annulez-la d'abord
          depuis « Mes inscriptions »&nbsp;;
        </li>
        <li>un remboursement, une annulation ou une cession de dossard est en cours&nbsp;;</li>
        <li>vous organisez des épreuves.</li>
      </ul>
    </div>
  );
}

function Sent({ email }: { email: string }) {
  return (
    <>
      <FormAlert kind="success">
        Un email vient de vous être envoyé à <strong>{email}</strong>. Ouvrez le lien qu'il contient pour confirmer la
        suppression de votre compte.
      </FormAlert>
      <p>Ce lien est valable 1 heure et ne sert qu'une fois. Sans clic de votre part, votre compte reste intact.</p>
      <p>
        <Link to={paths.myProfile()}>Revenir à mon profil</Link>
      </p>
    </>
  );
}

export default function DeleteAccountPage() {
  const { email, sent } = useLoaderData<typeof loader>();
  const { result, busy, errors } = useFormResult<typeof action>();
  return (
    <section className="container auth-page">
      <h1>Supprimer mon compte</h1>
      {sent && !result ? (
        <Sent email={email} />
      ) : (
        <>
          {result?.refusal ? <ErasureRefusalNotice refusal={result.refusal} /> : null}
          <BeforeYouStart />
          <p>
            La suppression est définitive&nbsp;: votre compte et vos profils sont supprimés, vos justificatifs effacés,
            vos inscriptions passées anonymisées (« Coureur anonymisé ») et vos messages de discussion gardés sans votre
            nom (supprimez d'abord ceux que vous ne voulez pas laisser). Les montants payés restent dans la
            comptabilité, sans donnée personnelle.
          </p>
          <Form method="post" className="card auth-card" noValidate>
            <PasswordField
              name="password"
              label="Mot de passe"
              autoComplete="current-password"
              required
              error={errors.password ? `❌ ${errors.password}` : undefined}
            />
            <CheckboxField
              name="definitif"
              label="Je comprends que la suppression de mon compte est définitive."
              defaultChecked={result?.values.definitif ?? false}
              error={errors.definitif ? `❌ ${errors.definitif}` : undefined}
            />
            <p className="hint">Un email de confirmation vous sera envoyé à {email}.</p>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? "Envoi…" : "Recevoir le lien de suppression"}
            </button>
          </Form>
          <p>
            <Link to={paths.myProfile()}>Annuler et revenir à mon profil</Link>
          </p>
        </>
      )}
    </section>
  );
}
