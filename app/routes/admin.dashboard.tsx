import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminCharts } from "~/components/AdminCharts";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { AdminPremiumTiles } from "~/components/AdminPremiumTiles";
import { AdminStatTiles } from "~/components/AdminStatTiles";
import { adminDashboard } from "~/services/admin.server";
import adminCss from "~/styles/admin.css?url";
import { requireAdmin } from "~/utils/auth.server";
import { noindexMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const meta: MetaFunction = () => noindexMeta("Dashboard — Administration Balise");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return adminDashboard(context);
}

export default function AdminDashboard() {
  const { stats, charts, premium } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Dashboard</h1>
      <AdminNav />
      <AdminStatTiles stats={stats} />
      <AdminPremiumTiles premium={premium} />
      <AdminCharts charts={charts} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
