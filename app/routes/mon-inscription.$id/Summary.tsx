// The registration's summary (event, format, date, bib, status badge) and its history.
import { reasonLabel, type StatusTone } from "~/domain/registration-rules";
import { formatDateLong, formatDateTime, formatEuros, formatKm, formatMeters, formatTime } from "~/domain/format";
import type { PageData } from "./page-data.server";
import { PayNowForm } from "~/components/PayNowForm";
import { OwnResult } from "~/components/OwnResult";

/** The badge's class, from its tone (app/domain/registration-rules/statuses.ts). */
const TONE_CLASS: Record<StatusTone, string> = {
  active: "status-active",
  waiting: "status-waiting",
  refunded: "status-refunded",
  ended: "status-cancelled",
};

export function RegistrationHeader({ d }: { d: PageData }) {
  return (
    <header className="my-reg-head">
      <div>
        <h1>{d.course.nom}</h1>
        <p className="muted">
          {d.format.nom} · {formatDateLong(d.format.date)}
          {d.format.heure_depart ? ` à ${formatTime(d.format.heure_depart)}` : ""} · {d.course.lieu}
        </p>
        <p className="muted small">
          {formatKm(d.format.distance_km)} · {formatMeters(d.format.denivele_dplus)} D+
          {d.dossard != null ? ` · Dossard n° ${d.dossard}` : ""}
        </p>
        {d.result ? <OwnResult result={d.result} /> : null}
      </div>
      <p className="status-badge-wrap">
        <span className="visually-hidden">Statut&nbsp;: </span>
        <span className={`status-badge ${TONE_CLASS[d.badgeTone]}`} data-testid="statut">
          {d.badge}
        </span>
      </p>
      {d.mayPay ? <PayNowForm inscriptionId={d.id} /> : null}
    </header>
  );
}

export function HistoryCard({ history }: { history: PageData["history"] }) {
  return (
    <section className="card history" aria-labelledby="history-title">
      <h2 id="history-title">Historique de l'inscription</h2>
      <ol className="history-list">
        {history.map((h) => (
          <li key={h.id}>
            <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time> — {reasonLabel(h.event)}
            {h.amount_cents != null && h.event !== "created" ? ` (${formatEuros(h.amount_cents)})` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
