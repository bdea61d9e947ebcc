import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/AdminNav";
import { adminStats } from "~/db/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { StatTiles } from "./admin._index";

export const meta: MetaFunction = () => [{ title: "Dashboard — Administration Balise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { stats: await adminStats(context.db) };
}

export default function AdminDashboard() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>Dashboard</h1>
      <AdminNav />
      <StatTiles stats={stats} />
    </section>
  );
}
