import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AdminNav } from "~/components/AdminNav";
import { adminStats } from "~/db/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatEuros, formatNumber } from "~/utils/format";

export const meta: MetaFunction = () => [{ title: "Administration — Balise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { stats: await adminStats(context.db) };
}

export function StatTiles({ stats }: { stats: Awaited<ReturnType<typeof adminStats>> }) {
  const tiles: [string, string][] = [
    ["Courses", formatNumber(stats.nb_courses)],
    ["Formats", formatNumber(stats.nb_formats)],
    ["Inscriptions", formatNumber(stats.nb_inscriptions)],
    ["Organisateurs", formatNumber(stats.nb_organisateurs)],
    ["CA brut (€)", formatEuros(stats.ca_brut_cents)],
  ];
  return (
    <ul className="feature-grid" data-testid="admin-stats">
      {tiles.map(([label, value]) => (
        <li key={label} className="card">
          <p className="muted small">{label}</p>
          <p className="plan-price">{value}</p>
        </li>
      ))}
    </ul>
  );
}

export default function AdminHome() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Administration <span className="badge badge-pro">PRO</span></h1>
      <AdminNav />
      <StatTiles stats={stats} />
      <ul className="feature-grid">
        <li className="card"><h2><Link to="/admin/dashboard">Dashboard</Link></h2><p>Chiffres clés de la plateforme.</p></li>
        <li className="card"><h2><Link to="/admin/courses">Courses</Link></h2><p>Inscrits, validés et chiffre d'affaires brut par course.</p></li>
      </ul>
      <p className="muted small">Les écrans Inscriptions et Reversements de l'administration arrivent dans une prochaine version.</p>
    </section>
  );
}
