import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { ADMIN_SCREENS, AdminNav } from "~/components/AdminNav";
import { AdminStatTiles } from "~/components/AdminStatTiles";
import { loadAdminStats } from "~/services/admin.server";
import { requireAdminHome } from "~/utils/auth.server";
import { noindexMeta } from "~/utils/meta";
import { adminLinks } from "~/components/admin-head";

export const links = adminLinks;

export const meta: MetaFunction = () => noindexMeta("Administration — Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminHome(request, context);
  return { stats: await loadAdminStats(context) };
}

export default function AdminHome() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>
        Administration <span className="badge badge-pro">PRO</span>
      </h1>
      <AdminNav />
      <AdminStatTiles stats={stats} />
      <ul className="feature-grid">
        {ADMIN_SCREENS.map((s) => (
          <li key={s.to} className="card">
            <h2>
              <Link to={s.to}>{s.label === "Paiements" ? "Reversements" : s.label}</Link>
            </h2>
            <p>{s.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
