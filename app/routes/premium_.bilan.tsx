// /premium/bilan: the weekly feedback of the Premium plan (issue 47, decision 0230): the week's planned sessions
// against the activities done (distance, D+, time), the long run, the trend toward the race and the French
// sentences; « Semaine précédente » / « Semaine suivante » are plain links (`?semaine=` the Monday). Premium only.
import { data } from "@remix-run/cloudflare";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { formatDuration } from "~/domain/format-duration";
import { formatKm, formatMeters } from "~/domain/format";
import { addDaysTo, frenchDay } from "~/domain/french-dates";
import * as paths from "~/domain/paths";
import type { Totals, WeeklyFeedback } from "~/domain/weekly-feedback";
import { weekSpan } from "~/emails/weekly-feedback";
import { requirePremium } from "~/services/subscriptions.server";
import { feedbackForWeek, reviewedWeek } from "~/services/weekly-feedback.server";
import planCss from "~/styles/plan.css?url";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: planCss }];
export const meta: MetaFunction = () => noindexMeta("Mon bilan de la semaine — Balise Premium");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePremium(request, context);
  const week = reviewedWeek(new URL(request.url).searchParams.get("semaine"), context.clock.now());
  const page = await feedbackForWeek(context, user.id, week);
  return data(
    { ...page, previous: addDaysTo(week, -7), next: addDaysTo(week, 7) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const pct = (ratio: number) => `${Math.round(ratio * 100)}\u00a0%`;

function TotalsTable({ planned, done }: { planned: Totals; done: Totals }) {
  const rows: [string, string, string][] = [
    ["Distance", formatKm(planned.distanceKm), formatKm(done.distanceKm)],
    ["Dénivelé positif", formatMeters(planned.dplusM), formatMeters(done.dplusM)],
    ["Temps", formatDuration(planned.timeSec), formatDuration(done.timeSec)],
  ];
  return (
    <table className="feedback-totals">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Mesure</span>
          </th>
          <th scope="col">Prévu</th>
          <th scope="col">Réalisé</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, p, d]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{p}</td>
            <td>{d}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sessions({ f }: { f: WeeklyFeedback }) {
  return (
    <section className="card tool-card" aria-labelledby="seances">
      <h2 id="seances">
        Séances&nbsp;: {f.sessions.done} faite(s) sur {f.sessions.planned} prévue(s)
      </h2>
      <ul className="plan-sessions">
        {f.sessions.matches.map((m) => (
          <li key={`${m.session.date}-${m.session.title}`}>
            <span className="plan-date">{frenchDay(m.session.date)}</span> — {m.session.title} ·{" "}
            {m.activity
              ? `faite (${m.activity.name}, ${formatKm(Math.round(m.activity.distanceM / 100) / 10)}, ${formatDuration(m.activity.movingTimeSec)})`
              : m.upcoming
                ? "à venir"
                : "non faite"}
          </li>
        ))}
      </ul>
      {f.extraActivities.length > 0 ? (
        <p className="muted">Sorties hors plan&nbsp;: {f.extraActivities.map((a) => a.name).join(", ")}.</p>
      ) : null}
    </section>
  );
}

const LONG_RUN: Record<WeeklyFeedback["longRun"]["verdict"], string> = {
  au_dessus: "plus longue que prévu",
  dans_objectif: "dans l'objectif",
  en_dessous: "plus courte que prévu",
  non_faite: "pas encore faite",
  sans_objectif: "pas de sortie longue prévue cette semaine",
};

function LongRunAndTrend({ f }: { f: WeeklyFeedback }) {
  const lr = f.longRun;
  return (
    <section className="card tool-card" aria-labelledby="tendance">
      <h2 id="tendance">Sortie longue et tendance</h2>
      <p>
        Sortie longue&nbsp;: {LONG_RUN[lr.verdict]}
        {lr.plannedSec != null ? ` (prévue ${formatDuration(lr.plannedSec)}` : ""}
        {lr.plannedSec != null && lr.doneSec != null ? `, faite ${formatDuration(lr.doneSec)})` : ""}
        {lr.plannedSec != null && lr.doneSec == null ? ")" : ""}.
      </p>
      <ul>
        {f.trend.weeks.map((w) => (
          <li key={w.weekStart}>
            Semaine du {frenchDay(w.weekStart)}&nbsp;: {formatKm(w.doneKm)} sur {formatKm(w.plannedKm)} prévus
            {w.ratio != null ? ` (${pct(w.ratio)})` : ""}
          </li>
        ))}
      </ul>
      {f.trend.ratio != null ? <p>Sur ces semaines&nbsp;: {pct(f.trend.ratio)} du volume prévu.</p> : null}
      {f.trend.daysLeft != null && f.trend.daysLeft >= 0 ? <p>Course dans {f.trend.daysLeft}&nbsp;jour(s).</p> : null}
    </section>
  );
}

function EmptyStates({ hasPlan, activityCount }: { hasPlan: boolean; activityCount: number }) {
  return (
    <>
      {hasPlan ? null : (
        <p className="notice" role="note">
          Vous n'avez pas encore de plan d'entraînement. <Link to={paths.premiumPlan()}>Créer mon plan</Link>
        </p>
      )}
      {activityCount > 0 ? null : (
        <p className="notice" role="note">
          Aucune activité enregistrée cette semaine.{" "}
          <Link to={paths.premiumActivities()}>Importer ou synchroniser mes activités</Link>
        </p>
      )}
    </>
  );
}

export default function PremiumFeedback() {
  const { feedback: f, plan, activityCount, previous, next } = useLoaderData<typeof loader>();
  return (
    <section className="container page premium-feedback">
      <h1>Bilan de la semaine {weekSpan(f.weekStart, f.weekEnd)}</h1>
      <nav aria-label="Semaines" className="feedback-nav">
        <Link to={paths.premiumFeedback({ semaine: previous })}>« Semaine précédente</Link>
        {" · "}
        <Link to={paths.premiumFeedback()}>Cette semaine</Link>
        {" · "}
        <Link to={paths.premiumFeedback({ semaine: next })}>Semaine suivante »</Link>
      </nav>
      {plan ? (
        <p className="muted">
          Objectif&nbsp;: {plan.raceName}, le {frenchDay(plan.raceDate)}.
        </p>
      ) : null}
      <EmptyStates hasPlan={plan !== null} activityCount={activityCount} />
      {f.inProgress ? (
        <p className="muted">Semaine en cours&nbsp;: les séances à venir ne comptent pas comme manquées.</p>
      ) : null}
      <TotalsTable planned={f.planned} done={f.done} />
      {f.completion ? (
        <p>
          Réalisé&nbsp;: {pct(f.completion.ratio)} du prévu ({f.completion.basis === "distance" ? "distance" : "temps"}
          ).
        </p>
      ) : null}
      <div className="feedback-sentences">
        {f.sentences.map((s) => (
          <p key={s}>{s}</p>
        ))}
      </div>
      {f.sessions.planned > 0 ? <Sessions f={f} /> : null}
      <LongRunAndTrend f={f} />
    </section>
  );
}
