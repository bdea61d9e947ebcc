// The event page's hero (name, place, next date, price, register and share) and the runner's own waiting-list places.
import { Badges } from "~/components/catalogue/Badges";
import { Link } from "~/components/Link";
import { positionSentence } from "~/domain/waitlist";
import { heldLabel, heldSentence } from "~/domain/registration-rules";
import { formatDateLong, formatFromPrice } from "~/domain/format";
import type { Data } from "./page-data";
import { ShareButton } from "./Share";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import * as paths from "~/domain/paths";

/** Why there is no 'S'inscrire': the organiser cannot take payments yet. */
const CLOSED_NOTE = "Inscriptions bientôt ouvertes\u00a0: l'organisateur finalise son compte de paiement.";

export function Hero({ d }: { d: Data }) {
  const c = d.course;
  return (
    <header className={`course-hero${c.image ? " has-image" : ""}`}>
      {c.image ? <ResponsiveImage image={c.image} className="course-hero-img" priority="eager" /> : null}
      <div className="container course-hero-inner">
        <Badges codes={d.badges} />
        <h1>{c.nom}</h1>
        <p className="course-hero-meta">
          <span>
            {c.lieu} ({c.departement})
          </span>
          <span>{d.next ? formatDateLong(d.next) : "À venir"}</span>
          {d.minPrice != null ? <span>{formatFromPrice(d.minPrice, d.minPaidPrice)}</span> : null}
        </p>
        <p className="course-hero-actions">
          {d.windowNote ? null : d.full && d.anyWaitlist && d.paymentsOpen ? (
            <Link to={paths.registrationPage(c.id, d.onlyFormatId)} className="btn btn-register">
              Rejoindre la liste d'attente
            </Link>
          ) : d.complet ? (
            <span className="btn btn-register" aria-disabled="true">
              Complet
            </span>
          ) : d.full ? (
            <span className="btn btn-register" aria-disabled="true">
              {heldLabel(d.held)}
            </span>
          ) : d.paymentsOpen ? (
            <Link to={paths.registrationPage(c.id)} className="btn btn-register">
              S'inscrire
            </Link>
          ) : null}
          <ShareButton url={d.shareUrl} className="btn btn-outline-light" />
        </p>
        {d.windowNote ? <p className="course-hero-note">{d.windowNote}</p> : null}
        {!d.windowNote && d.full && !d.complet && !d.anyWaitlist ? (
          <p className="course-hero-note">{heldSentence(d.held)}</p>
        ) : null}
        {!d.windowNote && !d.full && !d.paymentsOpen ? <p className="course-hero-note">{CLOSED_NOTE}</p> : null}
      </div>
    </header>
  );
}

/** The runner's places on the event's waiting lists (or offers), each with its page. */
export function MyWaitlist({ d }: { d: Data }) {
  if (d.waitlist.length === 0) return null;
  return (
    <div className="container">
      <section className="waitlist-mine notice" aria-labelledby="waitlist-mine-title">
        <h2 id="waitlist-mine-title" className="visually-hidden">
          Ma liste d'attente
        </h2>
        {d.waitlist.map((e) => (
          <p key={e.id}>
            {e.statut === "offre" ? (
              <strong>Une place vous est proposée sur le format {e.formatNom}.</strong>
            ) : (
              <strong>
                {positionSentence(e.position, e.genre)} du format {e.formatNom}.
              </strong>
            )}{" "}
            <Link to={paths.waitlistEntry(e.id)}>
              {e.statut === "offre" ? "Payer ou quitter" : "Voir ou quitter la liste"}
            </Link>
          </p>
        ))}
      </section>
    </div>
  );
}
