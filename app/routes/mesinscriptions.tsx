// /mesinscriptions: the runner's own registrations, newest first, and their places on waiting lists (position or
// running offer, issue 20); both queries are scoped to the session's user.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import {
  isReadOnlyForRunner,
  runnerListStatus,
  runnerListTone,
  runnerMayPay,
  type StatusTone,
} from "~/domain/registration-rules";
import { refusalText } from "~/domain/justificatif";
import { PayNowForm } from "~/components/PayNowForm";
import { positionSentence } from "~/domain/waitlist";
import { listRunnerRegistrations } from "~/services/register.server";
import { listRunnerEntries } from "~/services/waitlist.server";
import { ownResults } from "~/services/results.server";
import { OwnResult } from "~/components/OwnResult";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { imageSources } from "~/domain/image-variants";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { formatDate, formatDateTimeLong, formatKm, formatMeters } from "~/domain/format";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Mes inscriptions — Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [rows, waitlist] = await Promise.all([
    listRunnerRegistrations(context, user.id),
    listRunnerEntries(context, user.id),
  ]);
  const now = context.clock.now();
  // Published results of the runner's registrations (issue 44); the ids come from the runner's own list.
  const results = await ownResults(
    context,
    rows.map((r) => r.id),
  );
  return {
    waitlist,
    registrations: rows.map((r) => ({
      ...r,
      status: runnerListStatus(r, now),
      tone: runnerListTone(r, now),
      mayPay: runnerMayPay(r),
      // The format's own image, else the event's, as the catalogue's thumbnail (its card sizes, decision 0223).
      image: r.formatImageUrl
        ? imageSources(r.formatImageUrl, r.formatImageVariants, "card")
        : imageSources(r.imageUrl, r.imageVariants, "card"),
      result: results.get(r.id) ?? null,
      // A refused licence or PPS shows on the card, with what to do (issue 42).
      refused:
        r.justificatif_decision === "refuse" && !isReadOnlyForRunner(r.statut)
          ? refusalText(r.justificatif_motif, r.justificatif_commentaire)
          : null,
    })),
  };
}

/** A status's class, from its tone (app/domain/registration-rules/statuses.ts). */
const TONE_CLASS: Record<StatusTone, string> = {
  active: "status-ok",
  waiting: "status-wait",
  refunded: "status-refund",
  ended: "status-off",
};

export default function MesInscriptions() {
  const { registrations, waitlist } = useLoaderData<typeof loader>();
  return (
    <section className="container page my-registrations">
      <h1>Mes inscriptions</h1>
      {waitlist.length > 0 ? (
        <section className="waitlist-mine" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title">Listes d'attente</h2>
          <ul className="reg-cards">
            {waitlist.map((e) => (
              <li key={e.id} className="card reg-card">
                <div className="reg-card-body">
                  <p className={`reg-status ${e.statut === "offre" ? "status-ok" : "status-wait"}`}>
                    {e.statut === "offre"
                      ? `Place proposée jusqu'au ${formatDateTimeLong(e.offre_expires_at)}`
                      : positionSentence(e.position, e.genre)}
                  </p>
                  <h3 className="reg-card-title">{e.format_nom}</h3>
                  <p className="reg-card-course">
                    {e.course_nom} · {formatDate(e.date)}
                  </p>
                  <p className="reg-card-links">
                    <Link to={paths.waitlistEntry(e.id)} className="btn btn-primary btn-small">
                      {e.statut === "offre" ? "Payer ou quitter" : "Voir ou quitter la liste"}
                    </Link>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <h2>Inscriptions</h2>
        </section>
      ) : null}
      {registrations.length === 0 ? (
        <div className="empty">
          <p>Aucune inscription pour le moment</p>
          <Link to={paths.eventsPage()} className="btn btn-primary">
            Explorer les courses
          </Link>
        </div>
      ) : (
        <ul className="reg-cards">
          {registrations.map((r) => {
            return (
              <li key={r.id} className="card reg-card">
                {r.image ? <ResponsiveImage image={r.image} className="reg-card-img" /> : null}
                <div className="reg-card-body">
                  <p className={`reg-status ${TONE_CLASS[r.tone]}`}>{r.status}</p>
                  {r.refused ? (
                    <p className="reg-status status-off">
                      Justificatif refusé&nbsp;: {r.refused}. Envoyez un nouveau justificatif depuis votre inscription.
                    </p>
                  ) : null}
                  <h2 className="reg-card-title">{r.formatNom}</h2>
                  <p className="reg-card-course">
                    {r.courseNom} — {r.lieu}
                  </p>
                  <p className="reg-card-meta">
                    {formatKm(r.distanceKm)} · {formatMeters(r.dplus)} D+ · {formatDate(r.date)}
                  </p>
                  <p className="reg-card-links">
                    <Link to={paths.eventPage(r.courseSlug)} className="btn btn-ghost btn-small">
                      Voir la page
                    </Link>
                    <Link to={paths.myRegistration(r.id)} className="btn btn-primary btn-small">
                      Voir / Modifier
                    </Link>
                  </p>
                  {r.result ? <OwnResult result={r.result} /> : null}
                  {r.mayPay ? <PayNowForm inscriptionId={r.id} small /> : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
