// Cells of the organiser's format lists (their space and 'Mes formats'): the start, the link to the registrants and
// the 'Hors-ligne' badge of an event not yet published.
import { Link } from "~/components/Link";
import { LockIcon } from "~/components/LockIcon";
import { formatDate, formatTime } from "~/domain/format";
import * as paths from "~/domain/paths";

/** The format's day and, when set, its start time ('12/06/2027 · 08:30'). */
export function StartCell({ date, heure_depart }: { date: string | null; heure_depart: string | null }) {
  return <td data-label="Date">{`${formatDate(date)}${heure_depart ? ` · ${formatTime(heure_depart)}` : ""}`}</td>;
}

export function RegistrantsLinkCell({ formatId }: { formatId: string }) {
  return (
    <td>
      <Link to={paths.formatRegistrants(formatId)}>Voir les inscrits</Link>
    </td>
  );
}

export function OfflineBadge() {
  return (
    <span className="badge badge-offline">
      <LockIcon />
      Hors-ligne
    </span>
  );
}

/** 'Publiée', or 'Hors-ligne' with its padlock. */
export function PublicationBadge({ online }: { online: boolean }) {
  return online ? <span className="badge badge-online">Publiée</span> : <OfflineBadge />;
}
