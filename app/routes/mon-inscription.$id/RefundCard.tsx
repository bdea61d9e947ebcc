// 'Annulation et remboursement': the refund scale, today's estimate and the button that opens the cancel screen
// (disabled while the bib is offered for transfer, or when the registration is read-only).
import { Link } from "~/components/Link";
import { CANCEL_MSG } from "~/domain/cancellation";
import { RefundScaleTable } from "~/components/RefundScaleTable";
import { formatEuros } from "~/domain/format";
import * as paths from "~/domain/paths";
import type { PageData } from "./page-data.server";

export function RefundCard({ d, estimate }: { d: PageData; estimate: string }) {
  // Said before the cancel screen opens (issue 42): nothing is paid back today, and the place may still be freed.
  const noRefund = d.canCancel && !d.transfer?.open && d.quote.refund_cents <= 0;
  return (
    <section className="card form-card refund-card" aria-labelledby="refund-title">
      <h2 id="refund-title">Annulation et remboursement</h2>
      <p>
        Le barème s'applique au montant payé diminué des frais non remboursables (frais du prestataire de paiement et
        commission de la plateforme). Détails&nbsp;: <Link to={paths.refundPolicy()}>politique de remboursement</Link>.
      </p>
      <RefundScaleTable />
      {d.readOnly ? null : d.paid ? (
        <p className="refund-today">
          Aujourd'hui,{" "}
          {d.quote.days_before >= 0
            ? `à ${d.quote.days_before} jour${d.quote.days_before > 1 ? "s" : ""} de l'épreuve`
            : "après l'épreuve"}{" "}
          : <strong>{d.quote.percent}&nbsp;%</strong> de {formatEuros(d.quote.base_cents)}, soit{" "}
          <strong>{estimate}</strong>.
        </p>
      ) : (
        <p className="refund-today">
          Le paiement de cette inscription n'est pas finalisé&nbsp;: il n'y a rien à rembourser.
        </p>
      )}
      {d.transfer?.open && !d.readOnly ? (
        <p className="hint" id="cancel-transfer-note">
          Votre dossard est proposé au transfert&nbsp;: retirez l'offre pour pouvoir annuler.
        </p>
      ) : null}
      {noRefund ? (
        <p className="hint" id="cancel-no-refund" data-testid="sans-remboursement">
          <strong>{CANCEL_MSG.zeroRefund}</strong> {CANCEL_MSG.zeroRefundChoice}
        </p>
      ) : null}
      {d.readOnly || d.transfer?.open ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled
          aria-describedby={d.transfer?.open ? "cancel-transfer-note" : undefined}
        >
          Annuler mon inscription
        </button>
      ) : (
        <Link
          to={paths.cancelMyRegistration(d.id)}
          preventScrollReset
          className="btn btn-danger cancel-open"
          aria-describedby={noRefund ? "cancel-no-refund" : undefined}
        >
          {noRefund ? (
            "Annuler mon inscription sans remboursement"
          ) : (
            <>Annuler mon inscription — remboursement estimé&nbsp;: {estimate}</>
          )}
        </Link>
      )}
    </section>
  );
}
