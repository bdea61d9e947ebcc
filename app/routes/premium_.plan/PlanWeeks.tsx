// The plan by weeks: each week's number, phase, volume and duration, and its sessions (date, title, duration,
// distance), each a link to the session's page.
import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { formatKm, formatMeters } from "~/domain/format";
import * as paths from "~/domain/paths";
import type { WeekView } from "~/services/training-plan.server";

export function PlanWeeks({ weeks }: { weeks: WeekView[] }) {
  return (
    <div className="plan-weeks">
      {weeks.map((w) => (
        <section key={w.number} className="card tool-card plan-week" aria-labelledby={`semaine-${w.number}`}>
          <h3 id={`semaine-${w.number}`}>
            Semaine {w.number} — <span className={`plan-phase plan-phase-${w.phase}`}>{w.phaseLabel}</span>
          </h3>
          <p className="muted">
            Volume prévu&nbsp;: {formatKm(w.volumeKm)} · {w.duration}
          </p>
          <ul className="plan-sessions">
            {w.sessions.map((s) => (
              <li key={s.id}>
                <span className="plan-date">{s.dateLabel}</span>
                {" — "}
                <Link to={paths.premiumPlanSession(s.id)}>{s.title}</Link>
                {" · "}
                {s.duration}
                {s.distanceKm ? ` · ${formatKm(s.distanceKm)}` : null}
                {s.dplusM ? ` · ${formatMeters(s.dplusM)} D+` : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function CalendarBlock({ calendarUrl, webcalUrl }: { calendarUrl: string; webcalUrl: string }) {
  return (
    <section className="card tool-card plan-calendar" aria-labelledby="agenda">
      <h2 id="agenda">Dans votre agenda</h2>
      <p>
        <a className="btn btn-secondary" href={webcalUrl}>
          S'abonner dans mon agenda
        </a>
      </p>
      <div className="field">
        <label htmlFor="f-calendrier">Adresse du calendrier (à coller dans votre agenda)</label>
        <input id="f-calendrier" type="text" readOnly value={calendarUrl} />
      </div>
      <p className="muted small">
        Cette adresse est secrète&nbsp;: quiconque la connaît voit vos séances. Si vous l'avez partagée par erreur,
        créez-en une nouvelle (l'ancienne cessera de fonctionner).
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="nouveau-lien" />
        <button type="submit" className="btn btn-secondary">
          Nouveau lien
        </button>
      </Form>
    </section>
  );
}
