// The organiser's live view of an opening (issue 21): arrivals, in the queue, in payment, validated, places left.
// Re-read every few seconds with JavaScript; without it, an 'Actualiser' link.
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Link } from "~/components/Link";
import type { OpeningFigures as Figures } from "~/services/opening-queue.server";

export function OpeningFigures({ figures }: { figures: Figures }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 5000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section className="card opening-figures" aria-labelledby="opening-title">
      <h2 id="opening-title">Ouverture en cours</h2>
      <ul className="registrants-totals" aria-live="polite">
        <li>
          <strong>{figures.arrivals}</strong> arrivée{figures.arrivals > 1 ? "s" : ""}
        </li>
        <li>
          <strong>{figures.waiting}</strong> dans la file
        </li>
        <li>
          <strong>{figures.inPayment}</strong> en paiement
        </li>
        <li>
          <strong>{figures.validated}</strong> validée{figures.validated > 1 ? "s" : ""}
        </li>
        <li>
          <strong>{figures.placesLeft ?? "∞"}</strong> place{figures.placesLeft === 1 ? "" : "s"} restante
          {figures.placesLeft === 1 ? "" : "s"}
        </li>
      </ul>
      <p className="hint">
        <Link to=".">Actualiser</Link>
      </p>
    </section>
  );
}
