// Cells of the organiser's format lists (their space and 'Mes formats'): the start, the link to the registrants and
// the 'Hors-ligne' badge of an event not yet published.
import { Link } from "~/components/Link";
import { LockIcon } from "~/components/LockIcon";
import { type Column, DataTable } from "~/components/table/DataTable";
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

/** One format of an event in the organiser's space, with what its registrants have taken. */
export interface FormatLine {
  id: string;
  nom: string;
  date: string | null;
  heure_depart: string | null;
  inscrits: number;
  nb_max_coureurs: number | null;
  repas: number;
}

const FORMAT_COLUMNS: readonly Column[] = ["Format", "Date", "Inscrits", "Repas", { label: "Actions", hidden: true }];

/** An event's formats in the organiser's space; the link to the registrants only for who may see them. */
export function FormatLinesTable({ formats, registrants }: { formats: readonly FormatLine[]; registrants: boolean }) {
  return (
    <DataTable rows={formats} columns={FORMAT_COLUMNS} className="table small stack-table">
      {(f) => (
        <tr key={f.id}>
          <td className="cell-title">{f.nom}</td>
          <StartCell date={f.date} heure_depart={f.heure_depart} />
          <td data-label="Inscrits">
            {f.nb_max_coureurs != null ? `${f.inscrits} / ${f.nb_max_coureurs}` : String(f.inscrits)}
          </td>
          <td data-label="Repas">{f.repas}</td>
          {registrants ? <RegistrantsLinkCell formatId={f.id} /> : <td />}
        </tr>
      )}
    </DataTable>
  );
}

/** An event's links in the organiser's space, as buttons: each a label and where it goes. */
export function EventLinks({ links }: { links: readonly (readonly [label: string, to: string])[] }) {
  return (
    <>
      {links.map(([label, to]) => (
        <Link key={label} to={to} className="btn btn-ghost">
          {label}
        </Link>
      ))}
    </>
  );
}
