// /mon-inscription/{id}: the runner's own registration (owner only; anyone else gets 404). Status badge, the
// self-edit fields of spec section 5, the refund scale and the cancel button with the estimated refund. The
// cancel screen is the child route (./annuler): a page without JavaScript, a dialog over this page with it.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useOutlet } from "@remix-run/react";
import { Link } from "~/components/Link";
import { RefundModal } from "~/components/RefundModal";
import { useHydrated } from "~/components/useHydrated";
import styles from "~/styles/my-registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";
import { myRegistrationAction } from "./actions.server";
import { CancelledNotice, SavedNotice } from "./Notices";
import { myRegistrationPage } from "./page-data.server";
import { RefundCard } from "./RefundCard";
import { SelfEditForm, type Values } from "./SelfEditForm";
import { HistoryCard, RegistrationHeader } from "./Summary";
import { TransferPanel } from "./TransferPanel";
import { Notice } from "~/components/form/Notice";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  noindexMeta(d ? `Mon inscription — ${d.course.nom} — Balise` : "Mon inscription — Balise");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return myRegistrationPage(context, user.id, params.id ?? "", new URL(request.url));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return myRegistrationAction(context, user, params.id ?? "", request);
}

export default function MyRegistration() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const outlet = useOutlet();
  const hydrated = useHydrated();
  const errors: Record<string, string> = result?.errors ?? {};
  const values: Values = result?.values
    ? { ...result.values, apparaitre_resultats: result.values.apparaitre_resultats === "on" }
    : d.fields;
  const document = result?.values ? (result.document ?? null) : d.justificatif.document;

  // Without JavaScript the cancel screen replaces the page; with it, it opens as a dialog over the page.
  if (outlet && !hydrated) return <div className="container page-narrow my-reg">{outlet}</div>;

  return (
    <>
      <section className="container page-narrow my-reg">
        <p className="my-reg-back">
          <Link to={paths.myRegistrations()}>← Mes inscriptions</Link>
        </p>
        <RegistrationHeader d={d} />

        {d.saved && !result ? <SavedNotice /> : null}
        {d.cancelled ? (
          <CancelledNotice refundCents={d.annulation?.refund_cents ?? 0} percent={d.annulation?.percent ?? 0} />
        ) : null}
        {d.cancelPending && !d.readOnly ? (
          <p className="alert alert-info" role="status">
            Votre demande d'annulation est en cours de traitement. Rechargez la page dans un instant.
          </p>
        ) : null}
        {/* Right after the cancellation the confirmation says it all; 'déjà annulée/remboursée' is for later visits. */}
        {d.readOnlyMessage && !d.cancelled ? <p className="alert alert-info">{d.readOnlyMessage}</p> : null}
        <Notice kind="error">{result?.formError}</Notice>

        <SelfEditForm d={d} values={values} errors={errors} document={document} />
        <RefundCard d={d} estimate={formatEuros(d.quote.refund_cents)} />
        {d.transfer ? (
          <TransferPanel transfer={d.transfer} notice={d.transferNotice} result={result?.transfer ?? null} />
        ) : null}
        <HistoryCard history={d.history} />
      </section>
      {outlet ? (
        <RefundModal closeTo={paths.myRegistration(d.id)} labelledBy="cancel-title">
          {outlet}
        </RefundModal>
      ) : null}
    </>
  );
}
