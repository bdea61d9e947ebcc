import { BarChart } from "~/components/BarChart";
import type { AdminCharts as Charts } from "~/services/admin.server";
import { formatDate, formatEuros, formatNumber } from "~/domain/format";

const euros = (cents: number) => formatEuros(Math.round(cents));

/** Registrations per day and gross revenue per week over the last 90 days (server-drawn SVG, text alternative). */
export function AdminCharts({ charts }: { charts: Charts }) {
  const totalRegistrations = charts.registrations.points.reduce((s, p) => s + p.value, 0);
  const totalRevenue = charts.revenue.points.reduce((s, p) => s + p.value, 0);
  const period = `du ${formatDate(charts.from)} au ${formatDate(charts.to)}`;
  return (
    <div className="admin-charts">
      <BarChart
        title="Inscriptions validées par jour (90 derniers jours)"
        summary={`${formatNumber(totalRegistrations)} inscriptions validées ${period}.`}
        geometry={charts.registrations.geometry}
        format={(v) => formatNumber(Math.round(v))}
      />
      <BarChart
        title="Chiffre d'affaires brut par semaine (90 derniers jours)"
        summary={`${euros(totalRevenue)} encaissés ${period}.`}
        geometry={charts.revenue.geometry}
        format={euros}
        dayLabel={(d) => `Semaine du ${formatDate(d)}`}
      />
    </div>
  );
}
