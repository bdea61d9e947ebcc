// What a scan (or a tick) did, in large type: the runner, their bib, the format, the justificatif (with a one-tap
// 'Valider' when online) and meals, then 'Retiré', 'Déjà retiré à 8 h 12 par …' or the reason of a refusal.
import { pickedUpText } from "~/domain/check-in";
import { mayValidate, RunnerFacts, ValidateButton } from "./RunnerFacts";
import type { DeskResult } from "./useDesk";

export function ScanResult({
  result,
  formatNom,
  online,
  onNext,
}: {
  result: DeskResult;
  formatNom: string;
  online: boolean;
  onNext: () => void;
}) {
  const r = result.runner;
  const tone = result.kind === "retire" ? "ok" : result.kind === "deja" ? "warn" : "ko";
  return (
    <div className={`desk-result desk-result-${tone}`} role="status" aria-live="assertive">
      <p className="desk-result-head">
        {result.kind === "retire" && r?.retire_le
          ? pickedUpText(r.retire_le)
          : result.kind === "retire"
            ? "Retiré"
            : result.text}
      </p>
      {r ? (
        <RunnerFacts r={r}>
          <p className="muted">{formatNom}</p>
          {mayValidate(r) && online ? <ValidateButton r={r} /> : null}
        </RunnerFacts>
      ) : null}
      <button type="button" className="btn btn-primary" onClick={onNext}>
        Scanner le suivant
      </button>
    </div>
  );
}
