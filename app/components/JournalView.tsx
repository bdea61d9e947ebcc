// The journal of actions (decision 0212) as a page: its filters (a GET form: person, kind, dates), its rows newest
// first, its pages and the CSV of what is shown. Used by an event's journal (its owner) and the admin's journal.
import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Options, RowOptions } from "~/components/form/Options";
import { Pager } from "~/components/table/Pager";
import { AUDIT_ACTION_CODES, AUDIT_ACTIONS, changeText, JOURNAL_PAGE_SIZE, type JournalFilters } from "~/domain/audit";
import { formatNumber } from "~/domain/format";
import type { JournalLine } from "~/services/journal.server";
import { DataTable } from "~/components/table/DataTable";

export interface JournalViewProps {
  rows: JournalLine[];
  total: number;
  people: { id: string; email: string }[];
  filters: JournalFilters;
  /** The page's address with these filters and this page number. */
  pageLink: (page: number) => string;
  csvLink: string;
  /** Whether each row names its event (the admin's journal of every event). */
  showEvent: boolean;
  eventLink?: (courseId: string) => string;
}

export function JournalView({
  rows,
  total,
  people,
  filters,
  pageLink,
  csvLink,
  showEvent,
  eventLink,
}: JournalViewProps) {
  const pages = Math.max(1, Math.ceil(total / JOURNAL_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  return (
    <>
      <Form method="get" className="filters journal-filters" aria-label="Filtrer le journal">
        <label>
          Personne
          <select name="personne" defaultValue={filters.personne ?? ""}>
            <option value="">Toutes</option>
            <RowOptions rows={people} label={(p) => p.email} />
          </select>
        </label>
        <label>
          Action
          <select name="type" defaultValue={filters.type ?? ""}>
            <option value="">Toutes</option>
            <Options values={AUDIT_ACTION_CODES} labels={AUDIT_ACTIONS} />
          </select>
        </label>
        <label>
          Du
          <input type="date" name="du" defaultValue={filters.du ?? ""} />
        </label>
        <label>
          Au
          <input type="date" name="au" defaultValue={filters.au ?? ""} />
        </label>
        <button type="submit" className="btn btn-secondary">
          Filtrer
        </button>
      </Form>
      <p className="journal-count">
        {total === 0 ? "Aucune action enregistrée." : `${formatNumber(total)} action${total > 1 ? "s" : ""}`}{" "}
        {total > 0 ? (
          <a href={csvLink} className="btn btn-ghost btn-small" download>
            Export CSV
          </a>
        ) : null}
      </p>
      {rows.length > 0 ? (
        <DataTable
          rows={rows}
          columns={["Date", "Personne", "Action", showEvent && "Épreuve", "Objet", "Changements"]}
          className="table journal-table"
        >
          {(r) => (
            <tr key={r.id}>
              <td data-label="Date">{r.quand}</td>
              <td data-label="Personne">
                {r.qui} <span className="muted">({r.role})</span>
              </td>
              <td data-label="Action">{r.action}</td>
              {showEvent ? (
                <td data-label="Épreuve">
                  {r.courseId && eventLink ? <Link to={eventLink(r.courseId)}>{r.epreuve}</Link> : r.epreuve}
                </td>
              ) : null}
              <td data-label="Objet">{r.objet ?? ""}</td>
              <td data-label="Changements">
                {r.changements.length > 0 ? (
                  <ul className="journal-changes">
                    {r.changements.map((c) => (
                      <li key={c.champ}>{changeText(c)}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          )}
        </DataTable>
      ) : null}
      {pages > 1 ? (
        <Pager
          label="Pages du journal"
          prev={page > 1 ? pageLink(page - 1) : null}
          next={page < pages ? pageLink(page + 1) : null}
          status={`Page ${page} / ${pages}`}
        />
      ) : null}
    </>
  );
}

/** The filters as the query of the journal's links (empty ones left out; the page when past the first). */
export function journalQuery(f: JournalFilters, page?: number): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.personne) q.personne = f.personne;
  if (f.type) q.type = f.type;
  if (f.du) q.du = f.du;
  if (f.au) q.au = f.au;
  if (page && page > 1) q.page = String(page);
  return q;
}
