// Which of the runner's results or runs the estimate was made from, and what a training run's time means.
import { formatDate, formatKm, formatMeters } from "~/domain/format";
import { formatDuration } from "~/domain/format-duration";
import type { PickedReference } from "~/services/estimate-references.server";

export function PickedNote({ picked }: { picked: PickedReference }) {
  const r = picked.reference;
  const facts = `${formatKm(r.distanceKm)}, D+ ${formatMeters(r.dplus)}, ${formatDuration(r.seconds)}`;
  return (
    <p data-testid="race-picked">
      {picked.source === "resultat" ? (
        <>
          Référence&nbsp;: votre résultat au {picked.title} ({picked.detail}, {formatDate(picked.date)})&nbsp;: {facts}.
        </>
      ) : (
        <>
          Référence&nbsp;: votre sortie «&nbsp;{picked.title}&nbsp;» du {formatDate(picked.date)}&nbsp;: {facts} en
          mouvement. Si vous ne couriez pas à fond, l'estimation est prudente.
        </>
      )}
    </p>
  );
}
