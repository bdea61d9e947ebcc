import { useLoaderData } from "@remix-run/react";
import { AdminCharts } from "~/components/AdminCharts";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { AdminNav } from "~/components/AdminNav";
import { AdminPremiumTiles } from "~/components/AdminPremiumTiles";
import { AdminStatTiles } from "~/components/AdminStatTiles";
import { adminDashboard } from "~/services/admin.server";
import { adminLoader } from "~/utils/auth.server";
import { adminLinks, adminMeta } from "~/components/admin-head";

export const links = adminLinks;
export const meta = adminMeta("Dashboard");

export const loader = adminLoader(adminDashboard);

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
