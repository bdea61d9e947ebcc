// /admin/inscriptions: every registration of the platform, newest first (spec sections 2, 7, 9). A GET form of
// filters (search, status, event, format — whose choices depend on the event: without JavaScript 'Appliquer'
// refreshes them, with it a change of event does —, dates, page size); keyset pages; 'Export CSV (page)'.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import {
  type AdminColumn,
  AdminTableHead,
  CourseSelect,
  DateRangeFields,
  EventFormatCell,
  RunnerCell,
} from "~/components/AdminFields";
import { AdminNav } from "~/components/AdminNav";
import { SearchField } from "~/components/form/SearchField";
import { ADMIN_PAGE_SIZES, ADMIN_SEARCH_COUNT_CAP as SEARCH_COUNT_CAP, adminInscriptionsQuery } from "~/domain/admin";
import { labelOf } from "~/domain/labels";
import { STATUT_LABELS, STATUTS } from "~/domain/registration-rules";
import { adminInscriptionsPage } from "~/services/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime, formatEuros, formatNumber, personName } from "~/domain/format";
import * as paths from "~/domain/paths";
import { Pager } from "~/components/table/Pager";
import { numColumns } from "~/components/table/DataTable";
import { Options, RowOptions } from "~/components/form/Options";
import { FilterActions } from "~/components/form/FilterActions";
import { adminLinks, adminMeta } from "~/components/admin-head";

export const links = adminLinks;
export const meta = adminMeta("Inscriptions");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const { filters, values, errors, page, options, pageNumber, pages } = await adminInscriptionsPage(context, url);
  const base = {
    q: filters.q,
    statut: filters.statut,
    course: filters.course,
    format: filters.format,
    du: filters.du,
    au: filters.au,
    taille: filters.taille,
  };
  return {
    values,
    errors,
    rows: page.rows,
    total: page.total,
    pageNumber,
    pages,
    courses: options.courses,
    formats: options.formats,
    nextHref: page.next
      ? adminInscriptionsQuery(base, { apres: page.next, page: String(pageNumber + 1) }) || "?"
      : null,
    prevHref:
      page.prev && pageNumber > 1
        ? adminInscriptionsQuery(base, pageNumber - 1 > 1 ? { avant: page.prev, page: String(pageNumber - 1) } : {}) ||
          "?"
        : null,
    exportHref: paths.adminRegistrationsExport(
      adminInscriptionsQuery(base, {
        ...(filters.after ? { apres: url.searchParams.get("apres") ?? "" } : {}),
        ...(filters.before ? { avant: url.searchParams.get("avant") ?? "" } : {}),
        page: String(pageNumber),
      }),
    ),
  };
}

/** The registrations table's columns. */
const INSCRIPTION_COLUMNS: readonly AdminColumn[] = [
  "Date",
  "Course/Format",
  "Coureur",
  "Statut",
  ...numColumns("Montant", "Repas", "Total", "Dossard"),
];

function StatutSelect({ value }: { value: string }) {
  return (
    <div className="field">
      <label htmlFor="f-statut">Statut</label>
      <select id="f-statut" name="statut" defaultValue={value}>
        <option value="">Tous</option>
        <Options values={STATUTS} labels={STATUT_LABELS} />
      </select>
    </div>
  );
}

export default function AdminInscriptions() {
  const d = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const v = d.values;
  return (
    <section className="container page admin-page">
      <h1>Inscriptions</h1>
      <AdminNav />
      <Form method="get" className="card admin-filters" aria-label="Filtres des inscriptions" key={JSON.stringify(v)}>
        <SearchField
          id="f-q"
          label="Recherche (nom, prénom ou e-mail)"
          value={v.q}
          autoComplete="off"
          hint="Le début du nom, du prénom ou de l'adresse e-mail."
          className="field field-wide"
        />
        <StatutSelect value={v.statut} />
        <SearchField
          id="f-course-q"
          name="course_q"
          label="Nom de la course"
          value={v.course_q}
          hint="Tapez le début du nom puis « Appliquer » pour trouver une course dans la liste."
        />
        <CourseSelect
          id="f-course"
          value={v.course}
          courses={d.courses}
          onChange={(e) => {
            // With JavaScript the format choices follow the event at once (the format is reset).
            const fd = new FormData(e.currentTarget.form!);
            fd.delete("format");
            submit(fd, { method: "get", replace: true });
          }}
        />
        <div className="field">
          <label htmlFor="f-format">Format</label>
          <select
            id="f-format"
            name="format"
            defaultValue={v.format}
            disabled={!v.course}
            aria-describedby="f-format-hint"
          >
            <option value="">Tous</option>
            <RowOptions rows={d.formats} label={(f) => f.nom} />
          </select>
          {!v.course ? (
            <p id="f-format-hint" className="hint">
              Choisissez d'abord une course.
            </p>
          ) : null}
        </div>
        <DateRangeFields idPrefix="f" du={v.du} au={v.au} errors={d.errors} />
        <div className="field">
          <label htmlFor="f-taille">Par page</label>
          <select id="f-taille" name="taille" defaultValue={v.taille}>
            <Options values={ADMIN_PAGE_SIZES} />
          </select>
        </div>
        <FilterActions className="admin-filter-actions" resetTo={paths.adminRegistrations()} />
      </Form>

      <div className="admin-toolbar">
        {d.total == null ? (
          <p className="admin-total" role="status">
            Plus de <strong>{formatNumber(SEARCH_COUNT_CAP)}</strong> inscriptions correspondent à cette recherche :
            affinez-la.
          </p>
        ) : (
          <p className="admin-total" role="status">
            <strong>{formatNumber(d.total)}</strong>
            {d.total > 1 ? " inscriptions" : " inscription"}
          </p>
        )}
        {d.rows.length ? (
          <a href={d.exportHref} className="btn btn-ghost" download>
            Export CSV (page)
          </a>
        ) : null}
      </div>

      {d.rows.length === 0 ? (
        <p className="empty">Aucune inscription trouvée.</p>
      ) : (
        <div className="table-wrap">
          <table className="table admin-table">
            <AdminTableHead columns={INSCRIPTION_COLUMNS} />
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.inscription_id} data-inscription={r.inscription_id}>
                  <td data-label="Date">{formatDateTime(r.created_at)}</td>
                  <EventFormatCell courseId={r.course_id} course={r.course_nom} format={r.format_nom} />
                  <RunnerCell
                    name={personName({ prenom: r.coureur_prenom, nom: r.coureur_nom }, "—")}
                    email={r.coureur_email}
                  />
                  <td data-label="Statut">{labelOf(STATUT_LABELS, r.statut)}</td>
                  <td data-label="Montant" className="num">
                    {formatEuros(r.montant_total_cents - r.prix_total_repas_cents)}
                  </td>
                  <td data-label="Repas" className="num">
                    {r.nombre_repas > 0 ? `${r.nombre_repas} (${formatEuros(r.prix_total_repas_cents)})` : "—"}
                  </td>
                  <td data-label="Total" className="num">
                    {formatEuros(r.montant_total_cents)}
                    {r.code_promo ? (
                      <span className="small muted" data-testid="remise">
                        {" "}
                        (code {r.code_promo}, −{formatEuros(r.remise_cents)})
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Dossard" className="num">
                    {r.dossard ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
        prev={d.prevHref}
        next={d.nextHref}
        status={d.pages == null ? `Page ${d.pageNumber}` : `Page ${d.pageNumber} / ${d.pages}`}
      />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
