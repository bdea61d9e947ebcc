import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AdminNav } from "~/components/AdminNav";
import { adminCourseKpis } from "~/db/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatEuros, formatNumber } from "~/utils/format";

export const meta: MetaFunction = () => [{ title: "Courses — Administration Balise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { courses: await adminCourseKpis(context.db) };
}

export default function AdminCourses() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Courses</h1>
      <AdminNav />
      {courses.length === 0 ? (
        <p className="empty">Aucune course</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr><th scope="col">Course</th><th scope="col">Inscrits</th><th scope="col">Validés</th><th scope="col">CA brut</th></tr>
            </thead>
            <tbody>
              {courses.map((c) => (
                <tr key={c.course_id}>
                  <td><Link to={`/courses/${c.course_id}`}>{c.course_nom}</Link></td>
                  <td>{formatNumber(c.total_inscriptions)}</td>
                  <td>{formatNumber(c.inscriptions_validees)}</td>
                  <td>{formatEuros(c.ca_brut_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
