// /recu/{paiement_trace_id}: 'Récupérer reçu' (organiser) and 'Voir le reçu' (runner) lead here; we check who
// asks, then send them to the payment provider's receipt. Errors use the spec's four messages.
import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { getReceiptUrl } from "~/services/payments.server";
import { PaymentError } from "~/services/payment-errors.server";
import styles from "~/styles/payments.css?url";
import { requireUser } from "~/utils/auth.server";
import * as paths from "~/domain/paths";
import { mapDomainError } from "~/utils/domain-errors";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Reçu de paiement — Balise");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    return redirect(await getReceiptUrl(context, user, params.traceId?.trim()));
  } catch (e) {
    // The spec's four messages: not found (404), unavailable at the provider or anything unexpected (502).
    const { message, status } = mapDomainError(e, new PaymentError("recu_erreur"));
    return data({ message }, { status });
  }
}

export default function Receipt() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <section className="container page-narrow">
      <h1>Reçu de paiement</h1>
      <p className="alert alert-error" role="alert">
        {message}
      </p>
      <p>
        <Link to={paths.myRegistrations()} className="btn btn-ghost">
          Mes inscriptions
        </Link>
      </p>
    </section>
  );
}
