import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminCharts } from "~/components/AdminCharts";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { Link } from "~/components/Link";
import { adminCoursePage } from "~/services/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import * as paths from "~/domain/paths";
import { noindexMeta } from "~/utils/meta";
import { adminLinks } from "~/components/admin-head";

export const links = adminLinks;
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  noindexMeta(`${data?.course.nom ?? "Course"} — Administration Balise`);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = await adminCoursePage(context, (params.id ?? "").slice(0, 100));
  if (!page) throw new Response("Épreuve introuvable.", { status: 404 });
  return page;
}

export default function AdminCourse() {
  const { course, charts } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p>
        <Link to={paths.adminEvents()}>← Courses</Link>
      </p>
      <h1>{course.nom}</h1>
      <AdminNav />
      <p>
        <Link to={paths.adminRegistrations({ course: course.id })}>Inscriptions de cette course</Link>
        {" · "}
        <Link to={paths.adminPayouts({ course: course.id })}>Paiements de cette course</Link>
      </p>
      <AdminCharts charts={charts} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
