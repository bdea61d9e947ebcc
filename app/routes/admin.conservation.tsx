// /admin/conservation: the retention rules (decision 0218), each with its duration, legal basis and what the next
// cron run would change now (a dry run: this page changes nothing). Admins only.
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { frenchDay } from "~/domain/french-dates";
import { formatDateTime, formatNumber } from "~/domain/format";
import { retentionPlan } from "~/services/retention.server";
import { adminLoader } from "~/utils/auth.server";
import { DataTable } from "~/components/table/DataTable";
import { adminLinks, adminMeta } from "~/components/admin-head";

export const links = adminLinks;
export const meta = adminMeta("Conservation des données");

export const loader = adminLoader(retentionPlan);

export default function AdminRetentionPage() {
  const { rules, at } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Conservation des données</h1>
      <AdminNav />
      <p className="muted">
        La tâche planifiée applique ces règles toutes les dix minutes. Simulation au {formatDateTime(at)} : rien n'est
        effacé depuis cette page.
      </p>
      <DataTable
        rows={rules}
        columns={["Données", "Durée", "À l'échéance", "Fondement", "Prochain passage"]}
        className="table admin-table"
        caption={<caption className="visually-hidden">Règles de conservation et prochain passage</caption>}
      >
        {(r) => (
          <tr key={r.key} data-rule={r.key}>
            <th scope="row" className="admin-table-title">
              {r.donnees}
            </th>
            <td data-label="Durée">{r.duree}</td>
            <td data-label="À l'échéance">{r.fin}</td>
            <td data-label="Fondement" className="small">
              {r.base}
            </td>
            <td data-label="Prochain passage">
              <div>
                <strong data-pending>{formatNumber(r.pending)}</strong>
                <br />
                <span className="small muted">
                  {r.from === "course"
                    ? `courses jusqu'au ${frenchDay(r.cutoff)}`
                    : `avant le ${formatDateTime(r.cutoff)}`}
                </span>
              </div>
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
