// « Supprimer mon compte », step 2 (issue 45, decision 0220): the page the mailed link opens. It changes nothing by
// itself: a POST button erases (the link must be live and this account's, the refusals are checked again), the
// session is closed and the goodbye page follows.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/components/form/useFormResult";
import { FormAlert } from "~/components/AccountFields";
import { ErasureRefusalNotice } from "~/components/ErasureRefusalNotice";
import { Link } from "~/components/Link";
import { ERASURE_REQUEST_MESSAGES, ErasureConfirmSchema, type ErasureRefusal } from "~/domain/account-erasure";
import * as paths from "~/domain/paths";
import { confirmAccountErasure, erasureLinkState } from "~/services/account-erasure-request.server";
import accountsCss from "~/styles/accounts.css?url";
import { requireUser } from "~/utils/auth.server";
import { errorToShow } from "~/utils/domain-errors";
import { destroySession } from "~/utils/session.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountsCss }];
export const meta: MetaFunction = () => noindexMeta("Confirmer la suppression de mon compte — Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const token = new URL(request.url).searchParams.get("token");
  return { email: user.email, token, link: await erasureLinkState(context, user.id, token) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = ErasureConfirmSchema.safeParse(Object.fromEntries(await request.formData()));
  try {
    await confirmAccountErasure(context, user.id, parsed.success ? parsed.data.token : "");
  } catch (e) {
    const err = errorToShow(e);
    return data(
      { refusal: err.status === 409 ? (err.code as ErasureRefusal) : null, message: err.message },
      { status: err.status },
    );
  }
  return redirect(paths.accountDeleted(), { headers: { "Set-Cookie": await destroySession(request, context) } });
}

function AskAgain() {
  return (
    <p>
      <Link to={paths.deleteAccount()} className="btn btn-primary">
        Demander un nouveau lien
      </Link>
    </p>
  );
}

export default function ConfirmAccountErasurePage() {
  const { email, token, link } = useLoaderData<typeof loader>();
  const { result, busy } = useFormResult<typeof action>();
  const refusal = result ? result.refusal : link.state === "refused" ? link.refusal : null;
  const invalid = result ? !result.refusal : link.state === "invalid";
  return (
    <section className="container auth-page">
      <h1>Supprimer mon compte</h1>
      {refusal ? (
        <ErasureRefusalNotice refusal={refusal} />
      ) : invalid ? (
        <>
          <FormAlert kind="error">❌ {result?.message ?? ERASURE_REQUEST_MESSAGES.lien_invalide}</FormAlert>
          <AskAgain />
        </>
      ) : (
        <Form method="post" className="card auth-card">
          <input type="hidden" name="token" value={token ?? ""} />
          <p>
            Vous allez supprimer le compte <strong>{email}</strong>. Cette action est définitive&nbsp;: vous serez
            déconnecté et ne pourrez plus vous connecter avec ce compte.
          </p>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? "Suppression…" : "Supprimer définitivement mon compte"}
          </button>
          <p>
            <Link to={paths.myProfile()}>Annuler et garder mon compte</Link>
          </p>
        </Form>
      )}
    </section>
  );
}
