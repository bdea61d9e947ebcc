import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { DataTable } from "~/components/table/DataTable";
import { loadCourseKpis } from "~/services/admin.server";
import { adminLoader } from "~/utils/auth.server";

export const links = adminLinks;
import { formatEuros, formatNumber } from "~/domain/format";
import * as paths from "~/domain/paths";
import { adminLinks, adminMeta } from "~/components/admin-head";

export const meta = adminMeta("Courses");

export const loader = adminLoader(async (context) => ({ courses: await loadCourseKpis(context) }));

const COLUMNS = ["Course", "Inscrits", "Validés", "CA brut", "Graphiques"];

export default function AdminCourses() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Courses</h1>
      <AdminNav />
      <DataTable rows={courses} empty={<p className="empty">Aucune course</p>} columns={COLUMNS}>
        {(c) => (
          <tr key={c.course_id}>
            <td>
              <Link to={paths.eventPage(c.course_id)}>{c.course_nom}</Link>
            </td>
            <td>{formatNumber(c.total_inscriptions)}</td>
            <td>{formatNumber(c.inscriptions_validees)}</td>
            <td>{formatEuros(c.ca_brut_cents)}</td>
            <td>
              <Link to={paths.adminEvent(c.course_id)}>
                Voir<span className="visually-hidden"> les graphiques de {c.course_nom}</span>
              </Link>
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
