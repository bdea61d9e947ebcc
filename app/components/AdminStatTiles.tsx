import type { AdminStats } from "~/db/admin.server";
import { formatEuros, formatNumber } from "~/domain/format";

/** Dashboard tiles (spec: Courses, Formats, Inscriptions, Organisateurs, CA brut (€)). */
export function AdminStatTiles({ stats }: { stats: AdminStats }) {
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
