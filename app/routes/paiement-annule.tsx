// /paiement-annule?session_id&inscription_id: the checkout was left. Shows the session id, 'Revoir les
// épreuves', 'Retour à l'accueil' and, with an inscription_id, 'Réessayer le paiement' (a POST: the same held
// place while it lasts, else a new attempt that respects capacity) and 'Libérer ma place'.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { REGISTRATION_MSG } from "~/domain/registration";
import { holdsPlace } from "~/domain/registration-rules";
import { abandonRegistration, getRunnerRegistration, retryPayment } from "~/services/register.server";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { mapDomainError } from "~/utils/domain-errors";
import { formatDateTime } from "~/domain/format";
import { getSessionUser } from "~/utils/session.server";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Paiement annulé — Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const inscriptionId = url.searchParams.get("inscription_id");
  const released = url.searchParams.get("libere") === "1";
  if (!sessionId && !inscriptionId)
    return {
      error: REGISTRATION_MSG.missingParams,
      sessionId: null,
      inscriptionId: null,
      registration: null,
      released,
    };
  const user = await getSessionUser(request, context);
  // Details only for the runner who owns the registration.
  const reg = user && inscriptionId ? await getRunnerRegistration(context, user.id, inscriptionId) : null;
  const now = context.clock.now();
  return {
    error: null,
    sessionId,
    inscriptionId,
    released,
    registration: reg
      ? {
          courseNom: reg.courseNom,
          formatNom: reg.formatNom,
          statut: reg.statut,
          held: holdsPlace(reg, now) && reg.statut === "en_attente",
          holdUntil: reg.hold_expires_at,
        }
      : null,
  };
}

const ActionSchema = z.object({ intent: z.enum(["reessayer", "liberer"]), inscription_id: z.string().min(1).max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: REGISTRATION_MSG.missingParams }, { status: 400 });
  const { intent, inscription_id } = parsed.data;
  const back = new URL(request.url);
  if (intent === "liberer") {
    await abandonRegistration(context, user.id, inscription_id);
    back.searchParams.set("libere", "1");
    return redirect(`${back.pathname}${back.search}`);
  }
  try {
    const url = await retryPayment(context, user.id, inscription_id);
    if (!url) return data({ error: REGISTRATION_MSG.retryNoUrl }, { status: 502 });
    return redirect(url);
  } catch (e) {
    // The page says the retry failed, then why (whatever the reason's own status: the retry is what was refused).
    const reason = mapDomainError(e)?.message ?? null;
    if (!reason) console.error("retry", e);
    const message =
      reason && reason !== REGISTRATION_MSG.retryError
        ? `${REGISTRATION_MSG.retryError} ${reason}`
        : REGISTRATION_MSG.retryError;
    return data({ error: message }, { status: 409 });
  }
}

export default function PaiementAnnule() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="container page-narrow confirm-page">
      <h1>Paiement annulé</h1>
      {d.error ? (
        <p className="alert alert-error" role="alert">
          {d.error}
        </p>
      ) : (
        <>
          <p>Votre paiement n'a pas été effectué&nbsp;: aucun montant n'a été débité.</p>
          {d.sessionId ? (
            <p className="small muted">
              Session de paiement&nbsp;: <code className="session-id">{d.sessionId}</code>
            </p>
          ) : null}
          {d.released ? (
            <p className="alert alert-info" role="status">
              Votre place a été libérée.
            </p>
          ) : null}
          {d.registration && !d.released ? (
            <p className="alert alert-info" role="status">
              {d.registration.courseNom} — {d.registration.formatNom} :{" "}
              {d.registration.held && d.registration.holdUntil
                ? `votre place reste réservée jusqu'au ${formatDateTime(d.registration.holdUntil)}.`
                : "votre réservation a expiré ; un nouvel essai reprendra une place s'il en reste."}
            </p>
          ) : null}
        </>
      )}
      <Notice kind="error">{result?.error}</Notice>
      <div className="confirm-actions">
        {d.inscriptionId ? (
          <Form method="post" className="inline-form">
            <input type="hidden" name="inscription_id" value={d.inscriptionId} />
            <button type="submit" name="intent" value="reessayer" className="btn btn-primary" disabled={busy}>
              {busy ? "Redirection vers Stripe…" : "Réessayer le paiement"}
            </button>
          </Form>
        ) : null}
        <Link to={paths.eventsPage()} className="btn btn-ghost">
          Revoir les épreuves
        </Link>
        <Link to={paths.home()} className="btn btn-ghost">
          Retour à l'accueil
        </Link>
      </div>
      {d.registration?.held && !d.released ? (
        <Form method="post" className="release-form">
          <input type="hidden" name="inscription_id" value={d.inscriptionId ?? ""} />
          <button type="submit" name="intent" value="liberer" className="btn btn-ghost btn-small">
            Je ne m'inscris plus&nbsp;: libérer ma place
          </button>
        </Form>
      ) : null}
    </section>
  );
}
