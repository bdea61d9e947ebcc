// /liste-attente/{id}: the runner's place on a format's waiting list (issue 20): their position, or the place
// offered to them with its deadline and 'Payer maintenant'; 'Quitter la liste d'attente', which asks first
// (?quitter=confirmer: the rank is lost for good, issue 42). Only the runner's own entry (anyone else's is a 404).
// Works without JavaScript: plain links and forms, redirect after each POST.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import {
  leaveQuestion,
  positionSentence,
  WAITLIST_ACTION_MSG,
  WAITLIST_NOTICES,
  waitlistActionSchema,
  waitlistStatutLabel,
  WaitlistError,
  type WaitlistNotice,
} from "~/domain/waitlist";
import { getRunnerEntry, leaveWaitlist, payOffer } from "~/services/waitlist.server";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { domainErrorResponse, errorToShow } from "~/utils/domain-errors";
import { formatDateLong, formatDateTimeLong, formatEuros, formatTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { Notice } from "~/components/form/Notice";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Ma place en liste d'attente — Balise");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const entry = await getRunnerEntry(context, user.id, params.id ?? "");
  if (!entry) throw domainErrorResponse(new WaitlistError("introuvable"));
  const code = new URL(request.url).searchParams.get("notice");
  const notice = code && code in WAITLIST_NOTICES ? WAITLIST_NOTICES[code as WaitlistNotice] : null;
  const expired =
    entry.statut === "offre" &&
    (!entry.offre_expires_at || entry.offre_expires_at <= context.clock.now().toISOString());
  const running = entry.statut === "en_liste" || entry.statut === "offre";
  const confirmLeave = running && new URL(request.url).searchParams.get("quitter") === "confirmer";
  return { entry, notice, expired, confirmLeave };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.id ?? "";
  const parsed = waitlistActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? WAITLIST_ACTION_MSG.unknown }, { status: 400 });
  try {
    if (parsed.data.intent === "payer") return redirect(await payOffer(context, user.id, id));
    await leaveWaitlist(context, user.id, id);
    return redirect(paths.waitlistEntry(id, { notice: "quittee" }));
  } catch (e) {
    // An entry that is not there (or not this runner's): the French 404; any other refusal on the page.
    const err = errorToShow(e);
    return data({ error: err.message }, { status: err.status });
  }
}

/** 'Voulez-vous vraiment quitter la liste d'attente ?': the confirm button POSTs, 'Garder ma place' goes back. */
function LeaveConfirmation({ id, statut, position }: { id: string; statut: string; position: number }) {
  return (
    <Form method="post" className="card reg-block waitlist-leave" aria-labelledby="leave-title">
      <h2 id="leave-title">Quitter la liste d'attente</h2>
      <p data-testid="leave-question">{leaveQuestion(statut, position)}</p>
      <input type="hidden" name="confirmation" value="oui" />
      <div className="cancel-actions">
        <Link to={paths.waitlistEntry(id)} className="btn btn-ghost">
          Garder ma place
        </Link>
        <button type="submit" name="intent" value="quitter" className="btn btn-danger">
          Oui, quitter la liste d'attente
        </button>
      </div>
    </Form>
  );
}

export default function ListeAttente() {
  const { entry: e, notice, expired, confirmLeave } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "payer";
  const running = e.statut === "en_liste" || e.statut === "offre";
  return (
    <section className="container page waitlist-page">
      <p className="small">
        <Link to={paths.eventPage(e.course_slug || e.course_id)}>← Retour à {e.course_nom}</Link>
      </p>
      <h1>Liste d'attente — {e.format_nom}</h1>
      <p className="muted">
        {e.course_nom}
        {e.date ? ` · ${formatDateLong(e.date)}` : ""}
        {e.heure_depart ? ` à ${formatTime(e.heure_depart)}` : ""}
      </p>
      <Notice kind="success">{notice}</Notice>
      {result && "error" in result ? (
        <p className="alert alert-error" role="alert">
          {result.error}
        </p>
      ) : null}

      <div className="card reg-block">
        {e.statut === "en_liste" ? (
          <>
            <p className="waitlist-position">
              <strong>{positionSentence(e.position, e.genre)}.</strong>
            </p>
            <p>
              Dès qu'une place se libère, elle est proposée au premier coureur de la liste, par e-mail, avec un délai
              pour payer. Aucun paiement n'est demandé avant.
            </p>
          </>
        ) : e.statut === "offre" && !expired ? (
          <>
            <p className="waitlist-position">
              <strong>Une place vous est réservée jusqu'au {formatDateTimeLong(e.offre_expires_at)}.</strong>
            </p>
            <p>
              Montant&nbsp;: {formatEuros(e.offer_total_cents ?? 0)}
              {(e.offer_meals ?? 0) > 0 ? ` (dont ${e.offer_meals} repas)` : ""}.
              {e.nombre_repas > 0 && (e.offer_meals ?? 0) === 0
                ? " Les repas demandés ne sont plus disponibles : la place seule vous est proposée."
                : ""}
            </p>
            <Form method="post">
              <button type="submit" name="intent" value="payer" className="btn btn-primary" disabled={paying}>
                {paying ? "Redirection vers le paiement…" : "Payer maintenant"}
              </button>
            </Form>
          </>
        ) : (
          <p className="waitlist-position">
            <strong>
              {expired
                ? "Cette offre a expiré : la place a été proposée au coureur suivant."
                : waitlistStatutLabel(e.statut)}
            </strong>
            {e.statut === "acceptee" && e.inscription_id ? (
              <>
                {" "}
                <Link to={paths.myRegistration(e.inscription_id)}>Voir mon inscription</Link>
              </>
            ) : null}
          </p>
        )}
        <p className="muted small">Sur la liste depuis le {formatDateTimeLong(e.created_at)}.</p>
      </div>

      {confirmLeave ? (
        <LeaveConfirmation id={e.id} statut={e.statut} position={e.position} />
      ) : running ? (
        <p className="waitlist-leave">
          <Link to={paths.leaveWaitlist(e.id)} className="btn btn-outline">
            Quitter la liste d'attente
          </Link>
          {e.statut === "offre" ? (
            <span className="hint"> La place qui vous est proposée sera proposée au coureur suivant.</span>
          ) : null}
        </p>
      ) : null}
      <p>
        <Link to={paths.myRegistrations()}>Mes inscriptions</Link>
      </p>
    </section>
  );
}
