// /coureur: the runner's home (login required, spec section 2). Next races first (paid or held registrations from
// today on, nearest first, with the days left), then the latest registrations, then how complete the runner profile
// is (what a registration form pre-fills) with what is missing. Every read is scoped to the session's user.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { daysBefore, parisDate } from "~/domain/refund";
import { runnerProfileCompleteness } from "~/domain/profile";
import { holdsPlace, runnerListStatus } from "~/domain/registration-rules";
import { runnerPrefill } from "~/services/profile.server";
import { listRunnerRegistrations } from "~/services/register.server";
import styles from "~/styles/registration.css?url";
import { requireUser } from "~/utils/auth.server";
import { dateParts, formatDate, formatDateLong, formatKm, formatMeters, formatTime } from "~/domain/format";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => noindexMeta("Mon espace coureur — Balise");

/** How many recent registrations the home lists (all of them are on /mesinscriptions). */
const RECENT = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [rows, profile] = await Promise.all([listRunnerRegistrations(context, user.id), runnerPrefill(context, user)]);
  const now = context.clock.now();
  const today = parisDate(now);
  const upcoming = rows
    .filter((r) => r.date && r.date >= today && (r.statut === "validee" || holdsPlace(r, now)))
    .sort((a, b) =>
      a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : (a.heureDepart ?? "").localeCompare(b.heureDepart ?? ""),
    )
    .map((r) => ({
      id: r.id,
      courseNom: r.courseNom,
      courseSlug: r.courseSlug,
      formatNom: r.formatNom,
      lieu: r.lieu,
      departement: r.departement,
      date: r.date!,
      heureDepart: r.heureDepart,
      distanceKm: r.distanceKm,
      dplus: r.dplus,
      days: daysBefore(r.date!, now),
      unpaid: r.statut !== "validee",
    }));
  return {
    prenom: profile.prenom ?? null,
    upcoming,
    recent: rows.slice(0, RECENT).map((r) => ({
      id: r.id,
      courseNom: r.courseNom,
      formatNom: r.formatNom,
      date: r.date,
      status: runnerListStatus(r, now),
    })),
    total: rows.length,
    completeness: runnerProfileCompleteness(profile),
  };
}

function daysText(days: number): string {
  return days === 0 ? "aujourd'hui" : days === 1 ? "demain" : `dans ${days} jours`;
}

export default function RunnerHome() {
  const d = useLoaderData<typeof loader>();
  const c = d.completeness;
  return (
    <section className="container page runner-home">
      <h1>{d.prenom ? `Bonjour ${d.prenom}` : "Mon espace coureur"}</h1>

      <section aria-labelledby="next-title" className="runner-block">
        <h2 id="next-title">Mes prochaines courses</h2>
        {d.upcoming.length === 0 ? (
          <div className="empty">
            <p>Aucune course à venir.</p>
            <Link to={paths.eventsPage()} className="btn btn-primary">
              Trouver une course
            </Link>
          </div>
        ) : (
          <ul className="next-races">
            {d.upcoming.map((r) => {
              const p = dateParts(r.date);
              return (
                <li key={r.id} className="card next-race">
                  <span className="card-date" aria-hidden="true">
                    <span className="card-date-day">{p?.day}</span>
                    <span className="card-date-month">{p?.month}</span>
                    <span className="card-date-year">{p?.year}</span>
                  </span>
                  <div className="next-race-body">
                    <h3 className="next-race-title">
                      <Link to={paths.eventPage(r.courseSlug)}>{r.courseNom}</Link>
                    </h3>
                    <p className="muted">
                      {r.formatNom} · {r.lieu} ({r.departement})
                    </p>
                    <p>
                      <span className="visually-hidden">{formatDateLong(r.date)}, </span>
                      <strong>{daysText(r.days)}</strong>
                      {r.heureDepart ? ` · départ à ${formatTime(r.heureDepart)}` : ""} · {formatKm(r.distanceKm)} ·{" "}
                      {formatMeters(r.dplus)} D+
                    </p>
                    {r.unpaid ? <p className="reg-status status-wait">En attente de paiement</p> : null}
                  </div>
                  <Link to={paths.myRegistration(r.id)} className="btn btn-ghost btn-small">
                    Mon inscription<span className="visually-hidden"> à {r.courseNom}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <div className="runner-grid">
        <section aria-labelledby="regs-title" className="card runner-card">
          <h2 id="regs-title">Mes inscriptions</h2>
          {d.recent.length === 0 ? (
            <p className="muted">Aucune inscription pour le moment.</p>
          ) : (
            <ul className="runner-list">
              {d.recent.map((r) => (
                <li key={r.id}>
                  <Link to={paths.myRegistration(r.id)}>
                    {r.courseNom} — {r.formatNom}
                  </Link>
                  <span className="muted small">
                    {" "}
                    · {formatDate(r.date)} · {r.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to={paths.myRegistrations()}>Toutes mes inscriptions ({d.total})</Link>
          </p>
        </section>

        <section aria-labelledby="profile-title" className="card runner-card">
          <h2 id="profile-title">Mon profil coureur</h2>
          <p>
            Profil complet à <strong>{c.percent}&nbsp;%</strong> ({c.done} sur {c.total}).
          </p>
          <progress max={c.total} value={c.done} aria-label="Profil rempli">
            {c.percent}&nbsp;%
          </progress>
          {c.missing.length > 0 ? (
            <>
              <p className="small">Il manque, pour remplir vos inscriptions en un clic&nbsp;:</p>
              <ul className="runner-list">
                {c.missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="small">Vos inscriptions sont pré-remplies avec ces informations.</p>
          )}
          <p>
            <Link to={paths.runnerProfile()} className="btn btn-primary btn-small">
              {c.missing.length > 0 ? "Compléter mon profil" : "Modifier mon profil"}
            </Link>
          </p>
        </section>
      </div>
    </section>
  );
}
