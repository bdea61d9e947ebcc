// The runner's Premium status on /premium: the state's label, until when, and whether it renews (decision 0224).
import { formatDateLong } from "~/domain/format";
import type { SubscriptionView } from "~/domain/subscription";

export function PremiumStatus({ view }: { view: SubscriptionView }) {
  if (view.kind === "none") return null;
  if (view.kind === "lapsed")
    return (
      <div className="card premium-status" data-testid="premium-status">
        <p>
          Abonnement&nbsp;: <strong>{view.label}</strong>
        </p>
        <p className="muted">
          Vous n'êtes plus Premium. Vos données sont conservées et vous les retrouverez en vous réabonnant.
        </p>
      </div>
    );
  return (
    <div className="card premium-status" data-testid="premium-status">
      <p>
        <span className="badge">Premium</span> Abonnement&nbsp;: <strong>{view.label}</strong>
      </p>
      <p>
        {view.renews ? (
          <>
            Prochain renouvellement le <strong>{formatDateLong(view.until)}</strong>.
          </>
        ) : (
          <>
            Premium jusqu'au <strong>{formatDateLong(view.until)}</strong>, sans renouvellement.
          </>
        )}
      </p>
    </div>
  );
}
