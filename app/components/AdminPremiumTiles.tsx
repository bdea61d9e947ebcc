// The dashboard's Premium tiles (decision 0224): runners Premium now, and the yearly revenue of the subscriptions
// that will renew (cancelled ones at period end are not counted).
import { formatEuros, formatNumber } from "~/domain/format";

export function AdminPremiumTiles({ premium }: { premium: { subscribers: number; annualRecurringCents: number } }) {
  return (
    <ul className="feature-grid" data-testid="admin-premium">
      <li className="card">
        <p className="muted small">Abonnés Premium</p>
        <p className="plan-price">{formatNumber(premium.subscribers)}</p>
      </li>
      <li className="card">
        <p className="muted small">Revenu récurrent annuel (€)</p>
        <p className="plan-price">{formatEuros(premium.annualRecurringCents)}</p>
      </li>
    </ul>
  );
}
