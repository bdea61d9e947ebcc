// The page's notices: the saved fields (for 4 s with JavaScript) and the confirmation after a cancellation.
import { useEffect, useRef, useState } from "react";
import { CANCEL_MSG } from "~/domain/cancellation";
import { formatEuros } from "~/domain/format";

/** 'Modifications enregistrées ✅' for 4 s with JavaScript (spec section 9); without it the message stays. */
export function SavedNotice() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setShown(false), 4000);
    return () => clearTimeout(t);
  }, []);
  return shown ? (
    <p className="alert alert-success" role="status">
      {CANCEL_MSG.saved}
    </p>
  ) : null;
}

/**
 * The confirmation after a cancellation. With JavaScript the cancel dialog closes over a page scrolled down to the
 * cancel button: the message takes the focus, which brings it into view and has it read.
 */
export function CancelledNotice({ refundCents, percent }: { refundCents: number; percent: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      className="alert alert-success cancelled-notice"
      role="status"
      tabIndex={-1}
      data-testid="annulation-ok"
    >
      <p>
        <strong>Votre inscription est annulée.</strong>
      </p>
      <p>
        {refundCents > 0
          ? `Remboursement de ${formatEuros(refundCents)} (${percent}\u00a0% de la base remboursable) en cours vers votre carte. Un e-mail de confirmation vous a été envoyé.`
          : "Un e-mail de confirmation vous a été envoyé."}
      </p>
    </div>
  );
}
