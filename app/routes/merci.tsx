// /merci?session_id&inscription_id: the payment success page. Read-only check for the runner who owns the
// registration (the fulfilment happens in the webhook); while the webhook has not arrived, it says the payment
// is being confirmed and reloads itself (a meta refresh, so without JavaScript too). A POST 'Vérifier
// maintenant' asks the provider directly.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Notice } from "~/components/form/Notice";
import { REGISTRATION_MSG } from "~/domain/registration";
import { confirmationQrUrl } from "~/services/check-in.server";
import { verifyCheckoutSession } from "~/services/payment-received.server";
import {
  getRunnerRegistration,
  readConfirmation,
  type ConfirmationState,
  type RunnerRegistration,
} from "~/services/register.server";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { formatDateLong, formatEuros, formatKm, formatMeters, formatTime, personName } from "~/domain/format";
import { CONFIRMATION_QR_SIZE, qrSvg } from "~/utils/qr.server";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";

const REFRESH_SECONDS = 3;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...noindexMeta(
    data && "state" in data && data.state === "validee" ? "Inscription validée — Balise" : "Paiement — Balise",
  ),
  ...(data && "state" in data && data.state === "confirming"
    ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]
    : []),
];

type LoaderResult =
  | { error: string }
  | {
      state: ConfirmationState;
      registration: RunnerRegistration;
      qr: string | null;
      inscriptionUrl: string;
      sessionId: string;
    };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const inscriptionId = url.searchParams.get("inscription_id");
  if (!sessionId || !inscriptionId)
    return data<LoaderResult>({ error: REGISTRATION_MSG.missingParams }, { status: 400 });
  try {
    const { registration, state } = await readConfirmation(context, user.id, sessionId, inscriptionId);
    const inscriptionUrl = paths.absoluteUrl(context.env.APP_URL, paths.myRegistration(registration.id));
    // The QR opens the same page, and carries the signature the bib pick-up desk checks (decision 0216).
    const qr =
      state === "validee" ? await qrSvg(await confirmationQrUrl(context, registration.id), CONFIRMATION_QR_SIZE) : null;
    return data<LoaderResult>(
      { state, registration, qr, inscriptionUrl, sessionId },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (e) {
    console.error("merci", e);
    return data<LoaderResult>({ error: REGISTRATION_MSG.verifyError }, { status: 404 });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id") ?? "";
  const inscriptionId = url.searchParams.get("inscription_id") ?? "";
  // Only the runner who owns the registration may trigger the check.
  if (!(await getRunnerRegistration(context, user.id, inscriptionId)))
    throw new Response(REGISTRATION_MSG.verifyError, { status: 404 });
  try {
    await verifyCheckoutSession(context, sessionId, inscriptionId);
  } catch (e) {
    console.error("merci verify", e);
  }
  return redirect(paths.thanks({ sessionId, inscriptionId }));
}

/** The states where the registration ended after the payment: their heading and what the alert says. */
type EndedState = "cancelled" | "closed" | "refunded";
const ENDED: Record<EndedState, { title: string; kind: "info" | "error"; text: string }> = {
  cancelled: {
    title: "Inscription annulée",
    kind: "info",
    text: "Cette inscription a été annulée après son paiement. Le détail de son remboursement est sur la page de votre inscription.",
  },
  closed: {
    title: "Inscription non validée",
    kind: "error",
    text: "L'organisateur a clos cette inscription pendant votre paiement\u00a0: votre paiement vous est remboursé intégralement. Un e-mail d'explication vous a été envoyé.",
  },
  refunded: {
    title: "Inscription non validée",
    kind: "error",
    text: "Votre paiement est arrivé après l'expiration de la réservation de votre place et le format est complet entre-temps\u00a0: il vous est remboursé intégralement. Un e-mail d'explication vous a été envoyé.",
  },
};

const isEnded = (state: string): state is EndedState => Object.hasOwn(ENDED, state);

function Ended({ notice, r }: { notice: (typeof ENDED)[EndedState]; r: RunnerRegistration }) {
  return (
    <>
      <h1>{notice.title}</h1>
      <Notice kind={notice.kind}>{notice.text}</Notice>
      <Details r={r} />
    </>
  );
}

function Details({ r }: { r: RunnerRegistration }) {
  return (
    <dl className="confirm-rows">
      <dt>Course</dt>
      <dd>{r.courseNom}</dd>
      <dt>Lieu</dt>
      <dd>
        {r.lieu} ({r.departement})
      </dd>
      <dt>Format</dt>
      <dd>{r.formatNom}</dd>
      <dt>Distance et D+</dt>
      <dd>
        {formatKm(r.distanceKm)} · {formatMeters(r.dplus)} D+
      </dd>
      <dt>Coureur</dt>
      <dd>{personName(r)}</dd>
      <dt>Email</dt>
      <dd>{r.email}</dd>
      <dt>Date et heure de départ</dt>
      <dd>
        {formatDateLong(r.date)}
        {r.heureDepart ? ` à ${formatTime(r.heureDepart)}` : ""}
      </dd>
      <dt>Montant</dt>
      <dd>{formatEuros(r.prix_total_coureur_cents)}</dd>
    </dl>
  );
}

export default function Merci() {
  const d = useLoaderData<typeof loader>() as LoaderResult;
  if ("error" in d) {
    return (
      <section className="container page-narrow confirm-page">
        <h1>Paiement</h1>
        <p className="alert alert-error" role="alert">
          {d.error}
        </p>
        <p className="confirm-actions">
          <Link to={paths.myRegistrations()} className="btn btn-primary">
            Mes inscriptions
          </Link>
          <Link to={paths.eventsPage()} className="btn btn-ghost">
            Découvrir d'autres courses
          </Link>
        </p>
        <Support />
      </section>
    );
  }
  const r = d.registration;
  return (
    <section className="container page-narrow confirm-page">
      {d.state === "validee" ? (
        <>
          <h1>Merci !</h1>
          <p className="alert alert-success" role="status">
            {REGISTRATION_MSG.success}
          </p>
          <div className="confirm-grid">
            <Details r={r} />
            <figure className="confirm-qr">
              <div
                className="qr-box"
                style={{ width: 160, height: 160 }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server drew from the registration's id (app/utils/qr.server.ts), no user text
                dangerouslySetInnerHTML={{ __html: d.qr ?? "" }}
                data-testid="qr"
              />
              <figcaption className="small muted">
                QR code de votre inscription, à présenter au retrait des dossards.
              </figcaption>
            </figure>
          </div>
        </>
      ) : d.state === "confirming" ? (
        <>
          <h1>Paiement en cours de confirmation…</h1>
          <p className="alert alert-info" role="status">
            Votre paiement a bien été reçu par notre prestataire ; nous attendons sa confirmation. Cette page se met à
            jour toute seule dans quelques secondes.
          </p>
          <Form method="post">
            <button type="submit" className="btn btn-ghost">
              Vérifier maintenant
            </button>
          </Form>
          <Details r={r} />
        </>
      ) : isEnded(d.state) ? (
        <Ended notice={ENDED[d.state]} r={r} />
      ) : (
        <>
          <h1>Paiement non finalisé</h1>
          <p className="alert alert-error" role="alert">
            {REGISTRATION_MSG.verifyError} Le paiement de cette inscription n'est pas terminé.
          </p>
          <p>
            <Link
              to={paths.paymentCancelled({ sessionId: d.sessionId, inscriptionId: r.id })}
              className="btn btn-primary"
            >
              Reprendre le paiement
            </Link>
          </p>
        </>
      )}
      <p className="confirm-actions">
        <Link to={paths.myRegistration(r.id)} className="btn btn-primary">
          Voir / modifier mon inscription
        </Link>
        <Link to={paths.eventsPage()} className="btn btn-ghost">
          Découvrir d'autres courses
        </Link>
        <Link to={paths.eventPage(r.courseSlug)} className="btn btn-ghost">
          Page de la course
        </Link>
      </p>
      <Support />
    </section>
  );
}

function Support() {
  return (
    <p className="small muted confirm-support">
      Une question sur votre inscription ou votre paiement ? Contactez le support via la page{" "}
      <Link to={paths.contact()}>Contact</Link>.
    </p>
  );
}
